/**
 * What the server's HTML and the page's script agree on (docs/adr/0008-public-pages-server-rendered.md):
 * the id of the `<script type="application/json">` that carries the query data the markup was
 * drawn from. Imports nothing: the client entry and the server entry both read it.
 */
export const SERVER_DATA_ELEMENT_ID = 'apron-server-data';
