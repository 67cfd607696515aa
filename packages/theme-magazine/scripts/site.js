// The magazine's dateline: pages are shared between visitors and cached, so today's date and the
// footer's year are written in the visitor's browser, in the page's language.
(() => {
  const now = new Date();
  const lang = document.documentElement.lang || undefined;
  for (const el of document.querySelectorAll('[data-today]')) {
    el.dateTime = now.toISOString().slice(0, 10);
    el.textContent = now.toLocaleDateString(lang, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
  }
  for (const el of document.querySelectorAll('[data-current-year]')) el.textContent = String(now.getFullYear());
})();
