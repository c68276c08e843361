// The stylesheets of the app's own modules, imported by main.tsx where it imported App before App was
// a chunk of its own (issue 24: its modules are evaluated in a task of their own). Vite gives a
// dynamically imported chunk a stylesheet of its own, added when the import runs: a second download
// after the entry's, and a new sheet that restyles the whole page. Imported here first, they stay in
// the entry's stylesheet (the one boot.js loads before the first paint), in the order they had there
// (the cascade unchanged); the components import them too, which changes nothing. The build fails if
// App's chunk gets a stylesheet of its own (src/embed/sandbox/vitePlugin.ts: startChunks): a new
// component's stylesheet belongs in this list.
import './ui/layout/app.css';
import './ui/editor/preview.css';
import './ui/console/console.css';
import './ui/timeline/timeline.css';
import './ui/graph/nodes/trouble.css';
import '@xyflow/react/dist/style.css';
import './ui/graph/graph.css';
import './ui/graph/nodes/nodes.css';
import './ui/graph/nodes/daemonset.css';
import './ui/graph/panels.css';
import './ui/export/export.css';
import './ui/share/share.css';
import './ui/layout/notices.css';
import './ui/lessons/lessons.css';
import './ui/connect/connect.css';
