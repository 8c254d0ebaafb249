// Search words taken from the catalogue's own names (browsed in both languages through the API):
// its two-character Chinese words, single characters, their pinyin and English words. Used by
// bench/search.mjs --mode distinct and bench/memory.mjs, so both ask the same words.
export async function catalogueWords(api) {
  const { pinyin } = await import('pinyin-pro');
  const zhNames = [];
  const enNames = [];
  for (let current = 1; current <= 40; current++) {
    for (const [lang, names] of [
      ['zh', zhNames],
      ['en', enNames],
    ]) {
      const page = await (await fetch(`${api}/search/page?size=100&current=${current}&sort=${current % 6}`, { headers: { 'accept-language': lang } })).json();
      names.push(...page.records.map((r) => r.prodName));
    }
  }
  const bigrams = new Set();
  const chars = new Set();
  for (const name of zhNames) {
    for (const run of name.match(/\p{Script=Han}+/gu) ?? []) {
      for (let i = 0; i < run.length; i++) {
        chars.add(run[i]);
        if (i + 1 < run.length) bigrams.add(run.slice(i, i + 2));
      }
    }
  }
  const english = new Set(enNames.flatMap((n) => n.toLowerCase().split(/[^a-z]+/)).filter((w) => w.length >= 3));
  const pinyins = new Set([...bigrams].map((w) => pinyin(w, { toneType: 'none', type: 'array' }).join('').replace(/ü/g, 'v')).filter((w) => /^[a-z]+$/.test(w)));
  return { bigrams, chars, pinyins, english };
}
