// The page's lint: ESLint's recommended rules for browser scripts that share one page.
import js from "@eslint/js";

const browser = Object.fromEntries(
  ["window", "document", "location", "localStorage", "navigator", "WebSocket", "fetch", "setTimeout", "console"].map(
    (name) => [name, "readonly"],
  ),
);
const shared = Object.fromEntries(
  ["I18N", "t", "LANGUAGES", "tileName", "chineseName", "face", "tileFace", "backFace", "numbers", "CHINESE_NAMES", "PIPS", "half"].map(
    (name) => [name, "readonly"],
  ),
);

export default [
  { ignores: ["node_modules/", "eslint.config.mjs"] },
  js.configs.recommended,
  {
    files: ["*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "script", globals: { ...browser, ...shared } },
    rules: {
      "no-unused-vars": ["error", { varsIgnorePattern: "^(t|tileName|chineseName|face|tileFace|backFace|numbers|LANGUAGES|I18N)$", argsIgnorePattern: "^_", ignoreRestSiblings: true }],
      "no-redeclare": "off",
      eqeqeq: "error",
      "prefer-const": "error",
    },
  },
];
