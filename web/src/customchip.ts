// The game page's mark of a custom variant: a chip "custom: <section>"
// with a link to view or reuse its block on the custom page.
import { el } from './util';

export function customChip(s: { id: string; variant: string }): HTMLElement {
  return el('span', { class: 'chip custom', id: 'custom-chip', title: 'A custom variant: its variants.ini block is stored with the game' },
    'custom: ' + s.variant + ' · ',
    el('a', { href: '/custom?from=' + encodeURIComponent(s.id), 'data-link': true, id: 'custom-reuse', text: 'View / reuse this variant' }));
}
