// @ts-check
/** Tiles as the page draws and names them: "3-5" (the smaller number first), pips as dots. */

/** Tien Gow's names of the Chinese tiles (``game/tiengow/chinese.py``), as catalogue keys. */
const CHINESE_NAMES = {
  "6-6": "heaven", "1-1": "earth", "4-4": "man", "1-3": "goose", "5-5": "plum", "3-3": "long_three",
  "2-2": "bench", "5-6": "hatchet", "4-6": "partition", "1-6": "long_leg_seven", "1-5": "big_head_six",
  "3-6": "nines", "4-5": "nines", "2-6": "eights", "3-5": "eights", "2-5": "sevens", "3-4": "sevens",
  "2-4": "big_six", "1-4": "fives", "2-3": "fives", "1-2": "little_three",
};

/** Which of the nine cells of a half shows a pip, for 0 to 6 pips. */
const PIPS = [[], [4], [0, 8], [0, 4, 8], [0, 2, 6, 8], [0, 2, 4, 6, 8], [0, 2, 3, 5, 6, 8]];

/** The spoken name of a tile: "3-5", or in Tien Gow "Heaven 6-6".
 * @param {string} tile @param {boolean} chinese */
function tileName(tile, chinese) {
  return chinese ? `${chineseName(tile)} ${tile}` : tile;
}

/** A Tien Gow tile's name alone: "Heaven". @param {string} tile */
function chineseName(tile) {
  return t(`tg.tile.${CHINESE_NAMES[/** @type {keyof typeof CHINESE_NAMES} */ (tile)]}`);
}

/** One half of a tile: a 3×3 grid of cells, ``count`` of them pips. @param {number} count */
function half(count) {
  const box = document.createElement("span");
  box.className = "half";
  box.setAttribute("aria-hidden", "true");
  for (let cell = 0; cell < 9; cell++) {
    const dot = document.createElement("span");
    if (PIPS[count].includes(cell)) dot.className = count === 1 || count === 4 ? "pip red" : "pip";
    box.append(dot);
  }
  return box;
}

/** A tile face showing ``a`` then ``b``. @param {number} a @param {number} b @param {string} [extra] */
function face(a, b, extra = "") {
  const tile = document.createElement("span");
  tile.className = `tile ${extra}`.trim();
  tile.append(half(a), half(b));
  return tile;
}

/** The two numbers of a tile's text. @param {string} tile @returns {[number, number]} */
function numbers(tile) {
  const [a, b] = tile.split("-").map(Number);
  return [a, b];
}

/** The tile's face as records write it. @param {string} tile @param {string} [extra] */
function tileFace(tile, extra) {
  const [a, b] = numbers(tile);
  return face(a, b, extra);
}

/** A face-down tile. */
function backFace() {
  const tile = document.createElement("span");
  tile.className = "tile back";
  return tile;
}
