// The payment methods' marks, taken at build time from icon sets installed as dev dependencies:
// Alipay and WeChat from Simple Icons (CC0), the balance wallet from Lucide (ISC). Only these three
// SVG bodies reach the browser, as the virtual module `virtual:pay-marks` (see docs/decisions/019).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Which icon of which set each mark is. */
export const PAY_MARK_SOURCES = {
  alipay: ['@iconify-json/simple-icons', 'alipay'],
  wechat: ['@iconify-json/simple-icons', 'wechat'],
  balance: ['@iconify-json/lucide', 'wallet'],
};

/** { key: { body, width, height } } for the marks above. */
export function loadPayMarks() {
  const marks = {};
  for (const [key, [set, name]] of Object.entries(PAY_MARK_SOURCES)) {
    const icons = require(`${set}/icons.json`);
    const icon = icons.icons[name];
    if (!icon) throw new Error(`${set} has no icon ${name}`);
    marks[key] = { body: icon.body, width: icon.width ?? icons.width ?? 16, height: icon.height ?? icons.height ?? 16 };
  }
  return marks;
}

const ID = 'virtual:pay-marks';

/** The Vite plugin that serves `virtual:pay-marks`. */
export function payMarksPlugin() {
  return {
    name: 'pay-marks',
    resolveId(source) {
      return source === ID ? `\0${ID}` : null;
    },
    load(id) {
      return id === `\0${ID}` ? `export default ${JSON.stringify(loadPayMarks())};` : null;
    },
  };
}
