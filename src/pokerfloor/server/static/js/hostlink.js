// The host link `pokerfloor serve` prints carries the host token in its fragment (`#host=...`),
// which no browser sends to a server. This classic script runs first, before the page is parsed
// and before any module: it keeps the token in this browser (localStorage, as conn.js keeps
// tokens) and replaces the page at once by its address without the fragment (`location.replace`:
// no history entry is added, and the entry of the token's address is replaced before the page
// is built), so the token is neither in the history, nor shared by accident, nor shown on screen.
(function takeHostLink() {
  const token = new URLSearchParams(location.hash.slice(1)).get("host");
  if (!token) return;
  const tableId = new URLSearchParams(location.search).get("t");
  if (tableId) {
    const key = `pokerfloor:${tableId}`;
    let tokens = {};
    try {
      tokens = JSON.parse(localStorage.getItem(key) || "{}");
    } catch {
      tokens = {};
    }
    tokens.host = token;
    localStorage.setItem(key, JSON.stringify(tokens));
  }
  location.replace(location.pathname + location.search);
})();
