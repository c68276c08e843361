// The page's first script (a classic script, emitted as boot.js next to index.html). It starts the
// module build, or, in a document whose origin is opaque (an <iframe sandbox="allow-scripts">), the
// classic build under classic/: module scripts are always fetched with CORS, and a plain static host
// sends no CORS headers, so a sandboxed frame could not run the module build at all.
// `ctl=1` (click to load, for course pages with many embeds): only a static poster in plain DOM — the
// title, what the playground is, the lesson's name, a "Load the playground" button — and nothing else
// (no stylesheet, no module, no engine worker) until the button is pressed. The poster's strings come
// from the locales' `poster` keys and the built-in lessons' titles, put in below by vitePlugin.ts.
(function () {
  var me = document.currentScript;
  if (!me || !me.dataset.entry) return;
  var d = me.dataset;
  var opaque = false;
  try {
    opaque = self.origin === 'null';
  } catch {
    opaque = false;
  }
  function add(tag, attrs) {
    var el = document.createElement(tag);
    Object.keys(attrs).forEach(function (k) {
      el.setAttribute(k, attrs[k]);
    });
    document.head.appendChild(el);
    return el;
  }
  // Links added a few per task: each insertion starts its fetch in the same call (1–5 ms on a phone at
  // 4× CPU), and the page's 27 module preloads added at once were a long task of their own (40–140 ms at
  // 4×, issue 24). The order is kept; the rest follow within milliseconds.
  function addInTurns(list, each) {
    var i = 0;
    var turn = function () {
      for (var n = 0; n < 4 && i < list.length; n++, i++) each(list[i]);
      if (i < list.length) setTimeout(turn, 0);
    };
    turn();
  }
  // The engine worker (issue 24): its script is the biggest file the first graph card waits for, and
  // the page made it only once its own modules had come and run (on a phone the worker and the graph
  // chunk then shared the line after the entry, and the first snapshot waited for both). Started here
  // instead, once the stylesheet is in, so it downloads while the first view is laid out and painted
  // (the line is otherwise idle until the modules are asked for), and handed to the page, which takes
  // it over (src/worker/bootWorker.ts) or ends it. The worker's first message is its `ready`: kept here
  // until the page looks. Not for a connected cluster (no local engine).
  var workerAsked = false;
  function startWorker() {
    if (workerAsked || !d.worker || opaque || q.has('connect') || typeof Worker === 'undefined') return;
    // A visit the service worker serves has the worker's bytes at hand: nothing to win on the line, and
    // the worker's start would share the CPU with the first layout (the warm first paint came later).
    try {
      if (navigator.serviceWorker && navigator.serviceWorker.controller) return;
    } catch {
      // no service worker here: the network it is
    }
    workerAsked = true;
    var handle = { url: new URL(d.worker, location.href).href, state: 'starting', settle: null };
    try {
      handle.worker = new Worker(d.worker, { type: 'module', name: 'engine' });
    } catch {
      return;
    }
    var settle = function (state) {
      handle.worker.onmessage = null;
      handle.worker.onerror = null;
      handle.state = state;
      if (handle.settle) handle.settle(state === 'ready');
    };
    handle.worker.onmessage = function () {
      settle('ready');
    };
    handle.worker.onerror = function (e) {
      e.preventDefault();
      settle('failed');
    };
    Object.defineProperty(window, '__dspEngineWorker', { value: handle, configurable: true });
  }
  function start() {
    var painted = plain || !!lessonFv || share;
    if (!opaque) {
      var preload = function () {
        addInTurns((d.preload || '').split(' '), function (href) {
          if (href) add('link', { rel: 'modulepreload', crossorigin: '', href: href });
        });
      };
      // The graph's chunk (data-graph: GraphPanel, what it imports beyond the first bundle, its
      // stylesheet): the first graph card waits for it, and the page asks for it only once the entry has
      // been evaluated (src/main.tsx) — on a phone's slow line the line stood idle meanwhile, then
      // carried it alone (issue 24). Asked for here once the entry's own bytes are in: after the first
      // bundle (beside it, it delayed the entry by as much as it brought the graph forward), while the
      // entry is compiled and run, the page renders and the engine makes its first snapshot.
      // Not on a visit the service worker serves: no line to win on there, and the preloaded chunk's
      // compile took main-thread time from the entry and the first render (the warm snapshot came later).
      var graphAsked = false;
      var graph = function () {
        if (graphAsked) return;
        graphAsked = true;
        try {
          if (navigator.serviceWorker && navigator.serviceWorker.controller) return;
        } catch {
          // no service worker here: the network it is
        }
        addInTurns((d.graph || '').split(' '), function (href) {
          if (href.endsWith('.css'))
            add('link', { rel: 'preload', as: 'style', crossorigin: '', href: href });
          else if (href) add('link', { rel: 'modulepreload', crossorigin: '', href: href });
        });
      };
      var entryAsked = false;
      var preloadEntry = function () {
        if (entryAsked) return;
        entryAsked = true;
        add('link', { rel: 'modulepreload', crossorigin: '', href: d.entry }).onload = graph;
      };
      var entry = function () {
        preloadEntry();
        add('script', { type: 'module', crossorigin: '', src: d.entry });
      };
      // (the entry before the rest: its preloads are added a few per task)
      if (!d.css) {
        startWorker();
        entry();
        return preload();
      }
      // The stylesheet holds the first paint (blocking=render) and the entry runs after it, as when
      // the stylesheet was a <link> before this script. Where there is no first view to paint, the
      // modules download meanwhile. Where there is one, they wait until it is on screen: on a slow
      // network (a phone on 4G) the stylesheet would otherwise share the line with half a megabyte
      // of modules, and the first view would paint when they were all in (issue 24).
      var fetched = false;
      var fetchNow = function () {
        if (!fetched) {
          preloadEntry();
          preload();
        }
        fetched = true;
      };
      if (!painted) fetchNow();
      var cssDone = false;
      // a lesson whose first view turns out not to be in the page (boot.js's drop, once the body is
      // parsed): nothing to wait for — the modules download beside the stylesheet, or start now
      noFirstView = function () {
        if (!cssDone) fetchNow();
        else if (goNow) goNow();
      };
      var css = add('link', { rel: 'stylesheet', href: d.css, blocking: 'render' });
      // Where the modules come at once, the worker after them; where a first view paints first, once
      // the stylesheet is in: the line is then idle until that view is on screen, and the stylesheet
      // (the first paint's one file) does not share it (beside it, the first paint came later: bcb7333).
      if (!painted) startWorker();
      css.onload = css.onerror = function () {
        cssDone = true;
        startWorker();
        if (!plain && !lessonFv && !share) {
          fetchNow();
          return entry();
        }
        // The first view drawn at build time paints before the app's script runs: once it is on the
        // screen (the first contentful paint, reported when the frame was shown — on a busy phone well
        // after it was drawn), the modules and the entry. Without paint timing, a frame. A hidden tab
        // paints nothing: at once; and never more than a second's wait.
        var started = false;
        var go = function () {
          if (!started) {
            entry();
            preload();
          }
          started = true;
        };
        goNow = go;
        if (document.visibilityState === 'hidden') return go();
        var observing = false;
        try {
          if (PerformanceObserver.supportedEntryTypes.indexOf('paint') >= 0) {
            new PerformanceObserver(function (list, observer) {
              if (!list.getEntriesByName('first-contentful-paint').length) return;
              observer.disconnect();
              go();
            }).observe({ type: 'paint', buffered: true });
            observing = true;
          }
        } catch {
          observing = false;
        }
        if (!observing)
          requestAnimationFrame(function () {
            setTimeout(go, 0);
          });
        setTimeout(go, 1000);
      };
      return;
    }
    add('link', { rel: 'stylesheet', href: d.classicCss });
    add('script', { src: d.classic });
  }
  var goNow = null;
  var noFirstView = null;
  // A built-in lesson's first view (src/firstView/lessonView.ts): where the address is `?lesson=ID`
  // alone (or with lang=en), in English, with no share link and no saved session of this address —
  // what the page draws once that lesson has opened. Its parts (the lesson panel, the cluster's cards)
  // are in a <template data-fv-lesson="ID"> inside #root; put into the one lesson shell. Everything
  // else (a lesson file's address, a step, an embed, a course platform's launch…) keeps the blank page.
  function lessonFirstView() {
    if (opaque || location.hash || lang !== 'en') return null;
    var id = null;
    var other = false;
    q.forEach(function (v, k) {
      if (k === 'lesson' && id === null && /^[a-z0-9-]{1,64}$/.test(v)) id = v;
      else if (!(k === 'lang' && langOf(v) === 'en')) other = true;
    });
    return other ? null : id;
  }
  /** The lesson's parts into the shell; false when the page has no first view for that lesson. */
  function showLessonView(id) {
    var root = document.getElementById('root');
    var shell = root && root.querySelector(':scope > .fv-lesson');
    var tpl = null;
    (root ? root.querySelectorAll(':scope > template[data-fv-lesson]') : []).forEach(function (t) {
      if (t.getAttribute('data-fv-lesson') === id) tpl = t;
    });
    if (!shell || !tpl) {
      if (shell) shell.remove();
      return false;
    }
    Array.prototype.forEach.call(tpl.content.children, function (part) {
      var name = part.getAttribute('data-fv-part');
      var slot = name && shell.querySelector('[data-fv-part="' + name + '"]');
      if (slot) slot.replaceWith(part.cloneNode(true));
    });
    document.documentElement.dataset.firstView = 'lesson';
    document.documentElement.dataset.theme = theme;
    return true;
  }
  var q = new URLSearchParams(location.search);
  var stored = function (k) {
    try {
      return localStorage.getItem('daemonset-playground:' + k);
    } catch {
      return null;
    }
  };
  // the page's own rules (src/i18n, src/ui/theme.ts): the parameter, the saved choice, the browser
  var langOf = function (s) {
    s = (s || '').toLowerCase();
    return s.indexOf('zh') === 0 ? 'zh-CN' : s.indexOf('en') === 0 ? 'en' : null;
  };
  // A share link's first view (src/firstView/shareView.ts: the shell that is the same for every link,
  // none of its state): where nothing else in the address changes the page — English, no parameter
  // but lang=en, not a sandboxed frame. A saved session does not matter: the link wins over it.
  function shareShell(params, language) {
    if (opaque || language !== 'en' || !/(?:^#|&)s=/.test(location.hash)) return false;
    var only = true;
    params.forEach(function (v, k) {
      if (!(k === 'lang' && langOf(v) === 'en')) only = false;
    });
    return only;
  }
  var lang = langOf(q.get('lang')) || langOf(stored('lang'));
  for (var i = 0; !lang && i < (navigator.languages || []).length; i++) lang = langOf(navigator.languages[i]);
  lang = lang || 'en';
  var theme = q.get('theme');
  if (theme !== 'light' && theme !== 'dark') theme = stored('theme');
  if (theme !== 'light' && theme !== 'dark')
    theme = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';

  // The first view drawn at build time (src/firstView, inside #root): shown while the scripts load
  // only where it is what the page will draw — the plain page or ?present=1, in English, no share
  // link, no saved session of this address; React's first commit replaces it. Anywhere else it goes.
  var plain = !opaque && !location.hash && lang === 'en';
  q.forEach(function (v, k) {
    if (!((k === 'present' && v === '1') || (k === 'lang' && langOf(v) === 'en'))) plain = false;
  });
  var ns = 'daemonset-playground:' + location.pathname + '::';
  try {
    if (localStorage.getItem(ns + 'editor') !== null || localStorage.getItem(ns + 'session') !== null)
      plain = false;
  } catch {
    // no storage: nothing saved
  }
  var present = q.get('present') === '1';
  // a share link's first view (it has a hash, so never a lesson's too)
  var share = !plain && shareShell(q, lang);
  var lessonFv = plain ? null : lessonFirstView();
  // the lesson's own saved session (src/state/persist.ts storageNamespace: the lesson id is in it)
  try {
    var lns = 'daemonset-playground:' + location.pathname + ':' + lessonFv + ':';
    if (
      lessonFv &&
      (localStorage.getItem(lns + 'editor') !== null || localStorage.getItem(lns + 'session') !== null)
    )
      lessonFv = null;
  } catch {
    // no storage: nothing saved
  }
  if (plain) {
    document.documentElement.dataset.firstView = present ? 'present' : 'plain';
    document.documentElement.dataset.theme = theme;
    if (present) document.documentElement.dataset.present = '';
  } else {
    if (share) {
      document.documentElement.dataset.firstView = 'share';
      document.documentElement.dataset.theme = theme;
    }
    // the first views that are not this page's go (a share link's and a lesson's keep their own)
    var drop = function () {
      document.querySelectorAll('#root > .first-view').forEach(function (fv) {
        if (share && fv.classList.contains('fv-share')) return;
        if (lessonFv && fv.classList.contains('fv-lesson')) return;
        fv.remove();
      });
      if (lessonFv && !showLessonView(lessonFv)) {
        lessonFv = null;
        if (noFirstView) noFirstView();
      }
      // the lessons' parts: what this page shows of them has been cloned
      document.querySelectorAll('#root > template[data-fv-lesson]').forEach(function (tpl) {
        tpl.remove();
      });
    };
    if (document.body) drop();
    else document.addEventListener('DOMContentLoaded', drop);
  }
  if (q.get('ctl') !== '1') return start();

  var POSTER = /*POSTER*/ { strings: { en: {} }, lessons: {} };
  var s = Object.hasOwn(POSTER.strings, lang) ? POSTER.strings[lang] : POSTER.strings.en;
  var t = function (k) {
    return Object.hasOwn(s, k) ? s[k] : POSTER.strings.en[k];
  };
  document.documentElement.lang = lang;
  document.documentElement.dataset.theme = theme;
  // a built-in lesson by its title; a lesson file by its name
  var lessonId = q.get('lesson');
  var lessonName = null;
  if (lessonId) {
    if (Object.hasOwn(POSTER.lessons, lessonId)) {
      var titles = POSTER.lessons[lessonId];
      lessonName = titles[lang] || titles.en;
    } else lessonName = decodeURIComponent(lessonId.split(/[?#]/)[0].split('/').pop() || lessonId);
  }

  var dark = theme === 'dark';
  var style = document.createElement('style');
  style.textContent =
    '#dsp-poster{position:fixed;inset:0;display:flex;align-items:center;justify-content:center;overflow:auto;' +
    'box-sizing:border-box;padding:16px;font:15px/1.45 system-ui,-apple-system,"Segoe UI","Noto Sans SC",sans-serif;' +
    (dark ? 'background:#0f172a;color:#e2e8f0}' : 'background:#f8fafc;color:#0f172a}') +
    '#dsp-poster>div{max-width:34em;text-align:center}' +
    '#dsp-poster h1{font-size:1.5em;margin:0 0 .4em}' +
    '#dsp-poster p{margin:0 0 .8em}' +
    '#dsp-poster .lesson{font-weight:600}' +
    '#dsp-poster .note{font-size:.85em;' +
    (dark ? 'color:#94a3b8}' : 'color:#475569}') +
    '#dsp-poster button{font:inherit;font-size:1.15em;font-weight:600;padding:.7em 1.6em;min-height:44px;' +
    'border-radius:8px;border:0;cursor:pointer;margin:.2em 0 .9em;' +
    (dark ? 'background:#60a5fa;color:#0f172a}' : 'background:#1d4ed8;color:#fff}') +
    '#dsp-poster button:focus-visible{outline:3px solid ' +
    (dark ? '#fbbf24' : '#b45309') +
    ';outline-offset:3px}' +
    '#dsp-poster button:disabled{cursor:progress;opacity:.75}';
  document.head.appendChild(style);

  var el = function (tag, text, cls) {
    var e = document.createElement(tag);
    if (text !== null) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  };
  var poster = el('main', null);
  poster.id = 'dsp-poster';
  poster.setAttribute('data-testid', 'ctl-poster');
  var box = el('div', null);
  box.appendChild(el('h1', t('title')));
  box.appendChild(el('p', t('what')));
  if (lessonName) box.appendChild(el('p', t('lesson').replace('{{title}}', lessonName), 'lesson'));
  var button = el('button', t('load'));
  button.type = 'button';
  button.setAttribute('data-testid', 'ctl-load');
  box.appendChild(button);
  box.appendChild(el('p', t('note'), 'note'));
  poster.appendChild(box);

  button.addEventListener('click', function () {
    button.disabled = true;
    button.textContent = t('loading');
    button.setAttribute('aria-busy', 'true');
    // the poster goes when the page has drawn itself into #root
    var root = document.getElementById('root');
    var done = function () {
      if (!root || root.childElementCount > 0) {
        poster.remove();
        style.remove();
        return true;
      }
      return false;
    };
    if (!done()) {
      var mo = new MutationObserver(function () {
        if (done()) mo.disconnect();
      });
      mo.observe(root, { childList: true });
    }
    start();
  });
  var show = function () {
    document.body.appendChild(poster);
  };
  if (document.body) show();
  else document.addEventListener('DOMContentLoaded', show);
})();
