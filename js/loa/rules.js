// What the view knows of Lines of Action itself: the board sizes and levels it
// offers, the two sides, the starting position (drawn behind the setup dialog) and
// what decided a game, in words. The rules proper are Python's (gamewidgets.loa).

export const SIZES = [6, 7, 8];
export const SIZE_NAMES = { 6: "Quick", 7: "Medium", 8: "Classic" };
export const LEVELS = ["easy", "medium", "hard", "insane"];
export const LEVEL_NAMES = { easy: "Easy", medium: "Medium", hard: "Hard", insane: "Insane" };
export const LEVEL_DETAILS = { easy: "relaxed", medium: "thinks ahead", hard: "strong", insane: "merciless" };
export const PHASES = ["setup", "playing", "over"];
const MOVE_LIMIT = 200;

/** The sides as the `board` trait holds them, and the piece style of each. */
export const USER = 1;
export const COMPUTER = 2;
export const STYLE = { [USER]: "black", [COMPUTER]: "white" };
/** The other side. */
export const opponent = (side) => (side === USER ? COMPUTER : USER);

/**
 * The player in the light pieces' seat, in words: the computer (a level) or your own
 * player (`opponent_name`) by its name — { own, name: "Computer", the: "the computer",
 * The: "The computer" }, or the name in all three.
 */
export function opponentWords(name = "") {
  return name
    ? { own: true, name, the: name, The: name }
    : { own: false, name: "Computer", the: "the computer", The: "The computer" };
}
const COMPUTER_WORDS = opponentWords();

/** "6×6 Quick · Easy": the board and the level of a game (against your own player:
 *  "6×6 Quick · vs first-capture"). */
export const variantText = (n, level, them = COMPUTER_WORDS) =>
  `${n}\u00d7${n} ${SIZE_NAMES[n]} \u00b7 ${them.own ? `vs ${them.name}` : LEVEL_NAMES[level]}`;

/** The starting position of an n x n board (user: top and bottom rows; computer:
 *  left and right columns; corners empty). */
export function startBoard(n) {
  const b = new Array(n * n).fill(0);
  for (let i = 1; i < n - 1; i++) {
    b[i] = USER;
    b[(n - 1) * n + i] = USER;
    b[i * n] = COMPUTER;
    b[i * n + n - 1] = COMPUTER;
  }
  return b;
}

/** What decided the game, in words (`them`: opponentWords). */
export function reasonText(result, them = COMPUTER_WORDS) {
  const winner = result.winner;
  switch (result.reason) {
    case "connected":
      if (winner === "user") return "All your pieces are connected.";
      if (winner === "computer") return `All ${them.the}'s pieces are connected.`;
      return "The pieces are connected.";
    case "no-moves":
      if (winner === "user") return `${them.The} has no legal move.`;
      if (winner === "computer") return "You have no legal move.";
      return "No legal move is left.";
    case "move-limit":
      return `${MOVE_LIMIT} moves without a connected side: a draw.`;
    default:
      return "";
  }
}

/** "You win" / "The computer wins" / "Draw" for a result kind (`them`: opponentWords). */
export function resultWords(kind, them = COMPUTER_WORDS) {
  return kind === "win" ? "You win" : kind === "loss" ? `${them.The} wins` : "Draw";
}
