// houserules web app: a start page (variant, house rules, opponent), a
// game page per game (/g/{id}), the custom variant page (/custom) and the
// board editor (/editor) and the balance lab (/lab, with serve --lab).
import { renderHome } from './home';
import { renderGame } from './game';
import { renderCustom } from './custom';
import { renderEditor } from './editor';
import { renderLab } from './lab';
import { el } from './util';

const app = document.getElementById('app')!;
let cleanup: (() => void) | null = null;

async function route() {
  cleanup?.();
  cleanup = null;
  const m = location.pathname.match(/^\/g\/([A-Za-z0-9_-]+)/);
  try {
    if (m) cleanup = renderGame(app, m[1]);
    else if (location.pathname === '/custom') cleanup = await renderCustom(app);
    else if (location.pathname === '/editor') cleanup = await renderEditor(app);
    else if (location.pathname === '/lab') cleanup = await renderLab(app);
    else await renderHome(app);
  } catch (e) {
    app.replaceChildren(el('p', { class: 'error', text: 'Could not load: ' + (e instanceof Error ? e.message : String(e)) }));
  }
}

window.addEventListener('popstate', route);
document.addEventListener('click', (e) => {
  const a = (e.target as HTMLElement).closest('a[data-link]') as HTMLAnchorElement | null;
  if (a && !e.metaKey && !e.ctrlKey) {
    e.preventDefault();
    history.pushState(null, '', a.getAttribute('href'));
    route();
  }
});
route();
