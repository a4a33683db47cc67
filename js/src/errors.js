// Exceptions thrown by the package: one class per library status code (base.h), carrying the library's message and where the fault is.

/** Status codes of base.h (bg_status); values never change. */
export const Status = Object.freeze({
  OK: 0,
  INVALID_ARGUMENT: -1,
  NO_MEMORY: -2,
  UNKNOWN_VARIANT: -3,
  PARSE: -4,
  ILLEGAL_MOVE: -5,
  AMBIGUOUS_MOVE: -6,
  UNSUPPORTED: -7,
  GAME_OVER: -8,
  NO_MOVE: -9,
  INVALID_POSITION: -10,
  CLAIM_REJECTED: -11,
  LIMIT: -12,
  UNKNOWN_OPTION: -13,
  ENCODING: -14,
  END: -15,
  IO: -16,
});

// bg_strerror's texts, so an error made before the module is loaded still reads well.
const TEXTS = {
  [-1]: 'invalid argument',
  [-2]: 'out of memory',
  [-3]: 'unknown variant',
  [-4]: 'parse error',
  [-5]: 'illegal move',
  [-6]: 'ambiguous move',
  [-7]: 'not supported',
  [-8]: 'game over',
  [-9]: 'no move',
  [-10]: 'invalid position',
  [-11]: 'claim rejected',
  [-12]: 'limit exceeded',
  [-13]: 'unknown option',
  [-14]: 'bad encoding',
  [-15]: 'end of input',
  [-16]: 'input error',
};

/**
 * A library failure. `code` is the negative bg_status; where known, `offset` (0-based byte offset
 * in the input), `line` and `column` (1-based, 0 = unknown), `gameIndex` (0-based game in a record
 * file, -1 = unknown) and `ply` (1-based, 0 = unknown) say where.
 */
export class BoardGamesError extends Error {
  constructor(message, { code, offset, line = 0, column = 0, gameIndex = -1, ply = 0 } = {}) {
    super(message);
    this.name = new.target.name;
    this.code = code ?? new.target.code ?? undefined;
    this.offset = offset;
    this.line = line;
    this.column = column;
    this.gameIndex = gameIndex;
    this.ply = ply;
  }
}

export class InvalidArgumentError extends BoardGamesError { static code = -1; }
export class NoMemoryError extends BoardGamesError { static code = -2; }
export class UnknownVariantError extends BoardGamesError { static code = -3; }
export class ParseError extends BoardGamesError { static code = -4; }
export class InvalidPositionError extends ParseError { static code = -10; }
export class EncodingError extends ParseError { static code = -14; }
export class IllegalMoveError extends BoardGamesError { static code = -5; }
export class AmbiguousMoveError extends BoardGamesError { static code = -6; }
export class UnsupportedError extends BoardGamesError { static code = -7; }
export class GameOverError extends BoardGamesError { static code = -8; }
export class NoMoveError extends BoardGamesError { static code = -9; }
export class ClaimRejectedError extends BoardGamesError { static code = -11; }
export class LimitError extends BoardGamesError { static code = -12; }
export class UnknownOptionError extends BoardGamesError { static code = -13; }
export class InputError extends BoardGamesError { static code = -16; }

const CLASSES = new Map(
  [InvalidArgumentError, NoMemoryError, UnknownVariantError, ParseError, InvalidPositionError,
    EncodingError, IllegalMoveError, AmbiguousMoveError, UnsupportedError, GameOverError,
    NoMoveError, ClaimRejectedError, LimitError, UnknownOptionError, InputError].map((c) => [c.code, c]),
);

/** The class of the exception for a status code. */
export function errorClass(code) {
  return CLASSES.get(code) ?? BoardGamesError;
}

/** The library's static text for a status code (bg_strerror). */
export function strerror(code) {
  return TEXTS[code] ?? (code === 0 ? 'ok' : `status ${code}`);
}

/** An exception for `code` with `message` (default: the code's text) and location details. */
export function errorFor(code, message, details = {}) {
  const Class = errorClass(code);
  let text = message || strerror(code);
  const where = [];
  if (details.gameIndex >= 0 && !/\bgame \d/.test(text)) where.push(`game ${details.gameIndex}`);
  if (details.ply > 0 && !/\bply \d/.test(text)) where.push(`ply ${details.ply}`);
  if (details.line > 0 && !/\bline \d/.test(text)) where.push(`line ${details.line}`);
  if (details.column > 0 && !/\bcolumn \d/.test(text)) where.push(`column ${details.column}`);
  if (details.offset > 0 && !/\boffset \d/.test(text)) where.push(`offset ${details.offset}`);
  if (where.length) text += ` (${where.join(', ')})`;
  return new Class(text, { code, ...details });
}
