// @ts-check
/** The page's words: the game's own catalogues, the keys the page uses (served as /i18n/LANG.json). */

/** @typedef {string | {one?: string, other: string}} Entry */

const LANGUAGES = ["en", "fr", "it", "id"];

const I18N = {
  lang: "en",
  /** @type {Record<string, Entry>} */
  strings: {},

  /** The language the phone asks for, or the one chosen on this page before. */
  preferred() {
    const kept = localStorage.getItem("domino-lang");
    if (kept && LANGUAGES.includes(kept)) return kept;
    for (const wanted of navigator.languages || [navigator.language]) {
      const base = wanted.slice(0, 2).toLowerCase();
      if (LANGUAGES.includes(base)) return base;
    }
    return "en";
  },

  /** Load ``lang``'s words; resolves once they are in. @param {string} lang */
  async load(lang) {
    const answer = await fetch(`/i18n/${lang}.json`, { cache: "no-cache" });
    if (!answer.ok) throw new Error(`no words for ${lang}`);
    this.strings = await answer.json();
    this.lang = lang;
    document.documentElement.lang = lang;
  },

  /** The text of ``key`` with ``{name}`` placeholders filled; plural forms by ``count``.
   * @param {string} key @param {Record<string, string | number>} [params] */
  t(key, params = {}) {
    const entry = this.strings[key];
    if (entry === undefined) return key;
    let value;
    if (typeof entry === "string") value = entry;
    else {
      const count = params.count;
      const one = this.lang === "fr" ? count === 0 || count === 1 : count === 1;
      value = one && entry.one !== undefined ? entry.one : entry.other;
    }
    return value.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
  },

  /** Whether the catalogue has ``key``. @param {string} key */
  has(key) {
    return key in this.strings;
  },
};

/** @param {string} key @param {Record<string, string | number>} [params] */
function t(key, params) {
  return I18N.t(key, params);
}
