// The page's first script (a classic script, emitted as boot.js next to index.html). It starts the
// module build, or, in a document whose origin is opaque (an <iframe sandbox="allow-scripts">), the
// classic build under classic/: module scripts are always fetched with CORS, and a plain static host
// sends no CORS headers, so a sandboxed frame could not run the module build at all.
;(function () {
  var me = document.currentScript
  if (!me || !me.dataset.entry) return
  var d = me.dataset
  var opaque = false
  try {
    opaque = self.origin === 'null'
  } catch {
    opaque = false
  }
  function add(tag, attrs) {
    var el = document.createElement(tag)
    Object.keys(attrs).forEach(function (k) {
      el.setAttribute(k, attrs[k])
    })
    document.head.appendChild(el)
    return el
  }
  if (!opaque) {
    ;(d.preload || '').split(' ').forEach(function (href) {
      if (href) add('link', { rel: 'modulepreload', crossorigin: '', href: href })
    })
    add('script', { type: 'module', crossorigin: '', src: d.entry })
    return
  }
  add('link', { rel: 'stylesheet', href: d.classicCss })
  add('script', { src: d.classic })
})()
