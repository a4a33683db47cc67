// TypeScript declarations of the libboardgames package (written by hand for js/src/*.js; checked by js/test/types.test.js).

/** Status codes of the C library (bg_status); values never change. */
export declare const Status: Readonly<{
  OK: 0; INVALID_ARGUMENT: -1; NO_MEMORY: -2; UNKNOWN_VARIANT: -3; PARSE: -4; ILLEGAL_MOVE: -5;
  AMBIGUOUS_MOVE: -6; UNSUPPORTED: -7; GAME_OVER: -8; NO_MOVE: -9; INVALID_POSITION: -10;
  CLAIM_REJECTED: -11; LIMIT: -12; UNKNOWN_OPTION: -13; ENCODING: -14; END: -15; IO: -16;
}>;

/** Where an error is, when the library knows: byte offset, 1-based line and column, game and ply. */
export interface ErrorDetails {
  code?: number;
  offset?: number;
  line?: number;
  column?: number;
  gameIndex?: number;
  ply?: number;
}

/** Every failure of the library; subclasses say which status code. */
export declare class BoardGamesError extends Error {
  constructor(message: string, details?: ErrorDetails);
  /** The negative bg_status. */
  readonly code: number | undefined;
  /** 0-based byte offset of the fault in the input (undefined when not known). */
  readonly offset: number | undefined;
  /** 1-based line and column in the input, 0 when not applicable. */
  readonly line: number;
  readonly column: number;
  /** 0-based game in a record file, -1 when not applicable. */
  readonly gameIndex: number;
  /** 1-based ply of the faulty move, 0 when not applicable. */
  readonly ply: number;
  /** For InputError: the exception the source function threw. */
  cause?: unknown;
}
export declare class InvalidArgumentError extends BoardGamesError { static readonly code: number; }
export declare class NoMemoryError extends BoardGamesError { static readonly code: number; }
export declare class UnknownVariantError extends BoardGamesError { static readonly code: number; }
export declare class ParseError extends BoardGamesError { static readonly code: number; }
export declare class InvalidPositionError extends ParseError { static readonly code: number; }
export declare class EncodingError extends ParseError { static readonly code: number; }
export declare class IllegalMoveError extends BoardGamesError { static readonly code: number; }
export declare class AmbiguousMoveError extends BoardGamesError { static readonly code: number; }
export declare class UnsupportedError extends BoardGamesError { static readonly code: number; }
export declare class GameOverError extends BoardGamesError { static readonly code: number; }
export declare class NoMoveError extends BoardGamesError { static readonly code: number; }
export declare class ClaimRejectedError extends BoardGamesError { static readonly code: number; }
export declare class LimitError extends BoardGamesError { static readonly code: number; }
export declare class UnknownOptionError extends BoardGamesError { static readonly code: number; }
export declare class InputError extends BoardGamesError { static readonly code: number; }

/** The exception class for a status code. */
export declare function errorClass(code: number): typeof BoardGamesError;
/** The library's text for a status code. */
export declare function strerror(code: number): string;

/** Variant ids of the built-in catalogue. */
export type VariantId =
  | 'chess' | 'xiangqi' | 'janggi' | 'lionchess' | 'shogi' | 'shoshogi' | 'heianshogi'
  | 'torishogi' | 'minishogi' | 'sevenkingdoms';

/** Move notations ("uci", "san", ...) and record formats ("pgn", "kif", ...) of docs/cli.md. */
export type Notation =
  | 'uci' | 'san' | 'lan' | 'iccs' | 'wxf' | 'chinese' | 'korean' | 'usi' | 'csa' | 'kif' | 'ki2'
  | 'japanese' | 'western';
export type RecordFormat = 'pgn' | 'kif' | 'ki2' | 'csa' | 'gib' | 'skr';

/** Rule options: "name=value;..." or an object ({ chess960: true, ruleset: 'casual' }). */
export type Options = string | Record<string, string | number | boolean | string[] | null | undefined> | null;

/** Picture options (docs/pictures.md): an object or "name=value,..." text. */
export interface PictureOptions {
  /** The second side at the bottom. */
  flip?: boolean;
  /** File and rank labels (default true). */
  coordinates?: boolean;
  /** Highlight a move's squares: "e2e4", "7g7f", a drop "P*5e". */
  lastmove?: string;
  /** Squares to mark with a ring. */
  marks?: string[] | string;
  /** Arrows, moves written as for lastmove (at most 64). */
  arrows?: string[] | string;
  /** Mark a royal piece in check (default true). */
  check?: boolean;
  /** Width of the SVG in pixels, 16..4096. */
  size?: number;
}

export type TextForm = 'english' | 'native' | 'symbol' | 'reading';
export type Region = 'palace' | 'territory' | 'promotion' | 'home';
/** A side: its index (0 = the first side) or its id ("white", "sente", "qin", ...). */
export type Side = number | string;
/** A square: its number (rank * width + file) or its name in the game's coordinates ("e4", "7g"). */
export type Square = number | string;
/** A piece kind: its number (1-based), letter ("N", "+P") or name ("knight"). */
export type Kind = number | string;

export interface PieceKind {
  readonly kind: number;
  readonly letter: string;
  readonly name: string;
  readonly royal: boolean;
}

/** A piece on the board. */
export interface Piece {
  readonly side: number;
  /** null for a neutral piece (Seven Kingdoms' 周). */
  readonly sideId: string | null;
  readonly kind: number;
  readonly letter: string;
  readonly name: string;
}

/** One game of the catalogue (immutable). */
export declare class Variant {
  private constructor();
  readonly id: string;
  readonly name: string;
  readonly width: number;
  readonly height: number;
  readonly squares: number;
  readonly sides: readonly string[];
  readonly pieces: readonly PieceKind[];
  readonly notations: readonly string[];
  readonly recordFormats: readonly string[];
  /** Option name -> allowed values, default first ("*" = any value of that shape). */
  readonly options: Readonly<Record<string, readonly string[]>>;
  readonly startText: string;
  readonly hasDrops: boolean;
  readonly hasPass: boolean;
  /** Upper bound on the number of legal moves in any position. */
  readonly maxMoves: number;
  /** Pieces stand on the points where lines cross (xiangqi, janggi, ...). */
  readonly onPoints: boolean;
  /** Bytes of one position handle. */
  readonly positionSize: number;
  /** Defined at run time from variants.ini text (bg_variant_is_defined). */
  readonly defined: boolean;
  /** The VariantSet that defined it; null for the built-in variants. */
  readonly set: VariantSet | null;

  square(file: number, rank: number): number;
  squareFile(square: Square): number;
  squareRank(square: Square): number;
  squareIndex(square: Square): number;
  /** A square's name in a notation (default: the game's coordinates: "e4", "7g", "a10"). */
  squareName(square: Square, notation?: string | null): string;
  parseSquare(name: string, notation?: string | null): number;
  /** Every square's coordinate name, by square number. */
  squareNames(): readonly string[];
  sideIndex(side: Side, options?: { neutral?: boolean }): number;
  pieceKind(kind: Kind): number;
  pieceText(kind: Kind, side?: Side, form?: TextForm): string;
  pieceNotation(kind: Kind, notation: string, side?: Side): string | null;
  isRoyal(kind: Kind): boolean;
  pieceBase(kind: Kind): number;
  promotions(kind: Kind): number[];
  sideText(side: Side, form?: TextForm): string;
  sideColor(side: Side): string;
  region(region: Region, side?: Side): number[];
  checkPictureOptions(options: PictureOptions | string): void;
  toJSON(): object;
}

/**
 * The variants: an array-like list you may also call. `variants.map(v => v.id)`,
 * `variants.length`, `for (const v of variants)` and `variants()` (a fresh array) all work.
 */
export declare const variants: readonly Variant[] & (() => Variant[]);
/** Every variant as a frozen array. */
export declare function listVariants(): readonly Variant[];
/**
 * The variant with this id, built in or defined in a registered VariantSet (newest set first);
 * UnknownVariantError if none.
 */
export declare function variant(id: VariantId | string | Variant): Variant;

/** Definition text: Fairy-Stockfish variants.ini sections (docs/variants.md), a string or UTF-8 bytes. */
export type Definition = string | Uint8Array | ArrayBuffer;

/**
 * Variants defined at run time (bg_variant_define), owning their C variant set. Its variants work
 * everywhere the built-in ones do (Position, Game, records, perft). A registered set (the default)
 * is found by variant(id) and lives until free(); an unregistered one until it, its variants and
 * all their positions, games and readers are garbage. The C set is freed only after the last
 * position, game or reader of its variants.
 */
export declare class VariantSet implements Iterable<Variant> {
  constructor(options?: { register?: boolean });
  /**
   * Define the sections of the text and return their new variants. All or nothing: a refused
   * text throws (ParseError, UnsupportedError, UnknownVariantError, LimitError) with the
   * 1-based `line` and the byte `offset` of the fault, and nothing is added.
   */
  define(text: Definition): Variant[];
  /** The set's variant with this id, or null. */
  find(id: string): Variant | null;
  /** The set's variant with this id; UnknownVariantError if none. */
  get(id: string): Variant;
  readonly length: number;
  readonly ids: string[];
  /** variant(id) finds its variants. */
  readonly registered: boolean;
  /** free() was called (or the set was collected). */
  readonly freed: boolean;
  [Symbol.iterator](): Iterator<Variant>;
  /** variant(id) no longer finds its variants; the set stays usable while referenced. */
  unregister(): void;
  /**
   * Let go now: variant(id) no longer finds it; the C set is freed at once or when the last
   * position, game or reader of its variants is; its Variants are unusable after that.
   */
  free(): void;
  [Symbol.dispose](): void;
}
/** A new VariantSet with the variants of the text. */
export declare function defineVariants(text: Definition, options?: { register?: boolean }): VariantSet;
/**
 * Define the variants of the text and return the last one (the text's own game; the sections
 * before it are usually its parents): in a new VariantSet (`variant.set`), or added to `set`.
 */
export declare function defineVariant(text: Definition, options?: { set?: VariantSet | null; register?: boolean }): Variant;
/** Names usable as parents ("[mine:makruk]") without defining them first. */
export declare function defineParents(): string[];

/** BG_FLAG_* of move.h. */
export declare const MoveFlags: Readonly<{ CAPTURE: 1; CHECK: 2; CASTLE: 4; EN_PASSANT: 8; MATE: 16 }>;

/** A move: the library's 32-bit value with readable fields. */
export declare class Move {
  constructor(value: number, variant?: Variant | null);
  readonly value: number;
  readonly variant: Variant | null;
  /** From square (null for drops and passes). */
  readonly from: number | null;
  readonly to: number;
  /** The promotion or dropped kind, 0 for neither. */
  readonly kind: number;
  readonly drop: boolean;
  readonly promotion: boolean;
  readonly pass: boolean;
  /** Letter of the promotion or dropped kind, else null. */
  readonly piece: string | null;
  readonly fromSquare: string | null;
  readonly toSquare: string | null;
  valueOf(): number;
  equals(other: MoveLike): boolean;
  toJSON(): object;
  toString(): string;
  static make(from: number, to: number, promotion?: number): Move;
  static drop(kind: number, to: number): Move;
  static pass(royalSquare: number): Move;
}
/** Anything naming a move: a Move, its value, or an object with `value`. */
export type MoveLike = Move | number | { value: number };

export interface MoveWithText {
  move: Move;
  text: string;
}

/** What the rules say about a game: { result, winners, reason, claims }. */
export interface Outcome {
  result: 'ongoing' | 'win' | 'draw';
  /** Side ids of the winners (several in Seven Kingdoms alliances); [] unless a win. */
  winners: string[];
  /** "checkmate", "repetition", "perpetual-check", "impasse", "counting", ...; "" while ongoing. */
  reason: string;
  /** Draws (and declarations) the side to move may claim now. */
  claims: string[];
}

export interface PerftDivide {
  move: Move;
  uci: string;
  nodes: number;
}

/** Members shared by Position and Game (the current position). */
interface PositionQueries {
  readonly variant: Variant;
  /** The rule options ("name=value;..."), or null. */
  readonly options: string | null;
  /** Position text in a format (default: the variant's own — FEN, SFEN, ...). */
  text(format?: string | null): string;
  fen(): string;
  sfen(): string;
  readonly turn: string;
  readonly turnIndex: number;
  pieceAt(square: Square): Piece | null;
  board(): (Piece | null)[];
  hands(): Record<string, Record<string, number>>;
  isCheck(): boolean;
  hash(): bigint;
  legalMoves(): Move[];
  legalMoveValues(): Uint32Array;
  /** Every legal move as text in a notation (default: the variant's first), in one call. */
  legalMovesText(notation?: Notation | string | null): string[];
  legalMovesWithText(notation?: Notation | string | null): MoveWithText[];
  isLegal(move: MoveLike): boolean;
  parseMove(text: string, notation?: Notation | string | null, options?: { lenient?: boolean }): Move;
  formatMove(move: MoveLike, notation?: Notation | string | null): string;
  san(move: MoveLike): string;
  perft(depth: number): number;
  divide(depth: number): PerftDivide[];
  svg(options?: PictureOptions | string): string;
  diagram(options?: PictureOptions | string): string;
  outcome(): Outcome;
  free(): void;
  readonly freed: boolean;
  [Symbol.dispose](): void;
}

/** A castling wing: "king" (O-O, BG_WING_KING) or "queen" (O-O-O), or 0 and 1. */
export type CastlingWing = 'king' | 'queen' | 0 | 1;

/** A position of a variant: set up, queried, played on. */
export declare class Position implements PositionQueries {
  /** The start position, or the position `text` describes (strict unless lenient). */
  constructor(variant?: VariantId | string | Variant, text?: string | null,
    options?: { format?: string | null; options?: Options; lenient?: boolean });
  readonly variant: Variant;
  readonly options: string | null;
  text(format?: string | null): string;
  fen(): string;
  sfen(): string;
  readonly turn: string;
  readonly turnIndex: number;
  pieceAt(square: Square): Piece | null;
  board(): (Piece | null)[];
  hands(): Record<string, Record<string, number>>;
  handCount(side: Side, kind: Kind): number;
  isCheck(): boolean;
  hash(): bigint;
  readonly halfmoveClock: number;
  readonly fullmoveNumber: number;

  // Editing (position.h), in place, chainable. The position may become one that cannot arise:
  // text, queries and edits accept it, legal play throws InvalidPositionError until it is valid.
  /** Put a piece on a square; null empties it. */
  setPiece(square: Square, piece: { side: Side; kind: Kind } | null): this;
  setHandCount(side: Side, kind: Kind, count: number): this;
  setTurn(side: Side): this;
  /** The rook square of a castling right, or null. */
  castling(side: Side, wing: CastlingWing): number | null;
  /** Give (the rook's square) or take away (null) a castling right. */
  setCastling(side: Side, wing: CastlingWing, rookSquare: Square | null): this;
  /** The en-passant square, or null. */
  readonly enPassant: number | null;
  setEnPassant(square: Square | null): this;
  /** The halfmove clock and the move number (null keeps one). */
  setCounters(halfmoveClock?: number | null, fullmoveNumber?: number | null): this;
  /** Empty board and hands, no rights, counters 0 and 1; the side to move stays. */
  clear(): this;
  /** Throws (InvalidPositionError, ParseError) saying why the readers would refuse the position. */
  validate(): this;
  isValid(): boolean;

  legalMoves(): Move[];
  legalMoveValues(): Uint32Array;
  legalMoveCount(): number;
  legalMovesText(notation?: Notation | string | null): string[];
  legalMovesWithText(notation?: Notation | string | null): MoveWithText[];
  isLegal(move: MoveLike): boolean;
  moveFlags(move: MoveLike): number;
  isCapture(move: MoveLike): boolean;
  givesCheck(move: MoveLike): boolean;
  parseMove(text: string, notation?: Notation | string | null, options?: { lenient?: boolean }): Move;
  formatMove(move: MoveLike, notation?: Notation | string | null): string;
  san(move: MoveLike): string;
  uci(move: MoveLike): string;
  /** Play a move (Move, value or text in any notation the variant reads); returns it. */
  play(move: MoveLike | string, notation?: Notation | string | null, options?: { lenient?: boolean }): Move;
  clone(): Position;
  /** Overwrite with another position of the same variant (no allocation). */
  copyFrom(other: Position): this;
  perft(depth: number): number;
  divide(depth: number): PerftDivide[];
  svg(options?: PictureOptions | string): string;
  diagram(options?: PictureOptions | string): string;
  /** The result by this position alone (no history). */
  outcome(): Outcome;
  free(): void;
  readonly freed: boolean;
  [Symbol.dispose](): void;
  toString(): string;
}

export type Statistic = 'captured' | 'lost' | 'eliminated' | 'conquered' | 'commander';

/** A game: start position, moves, outcome, claims, actions, tags, annotations and records. */
export declare class Game implements PositionQueries {
  constructor(variant?: VariantId | string | Variant,
    options?: { fen?: string | null; text?: string | null; format?: string | null; options?: Options; lenient?: boolean });
  /** The first game of a record (PGN, KIF, KI2, CSA, .gib, .skr). */
  static fromRecord(input: RecordInput, options?: RecordOptions & { variant?: VariantId | string | Variant }): Game;
  readonly variant: Variant;
  readonly options: string | null;
  /** A copy of the current position (free it or let it be collected). */
  readonly position: Position;
  readonly startPosition: Position;
  text(format?: string | null): string;
  fen(): string;
  sfen(): string;
  readonly turn: string;
  readonly turnIndex: number;
  pieceAt(square: Square): Piece | null;
  board(): (Piece | null)[];
  hands(): Record<string, Record<string, number>>;
  isCheck(): boolean;
  hash(): bigint;
  /** Plies played. */
  readonly ply: number;
  moves(): Move[];
  /** The main line as text in a notation (default: the variant's first). */
  moveText(notation?: Notation | string | null): string[];
  legalMoves(): Move[];
  legalMoveValues(): Uint32Array;
  legalMovesText(notation?: Notation | string | null): string[];
  legalMovesWithText(notation?: Notation | string | null): MoveWithText[];
  isLegal(move: MoveLike): boolean;
  parseMove(text: string, notation?: Notation | string | null, options?: { lenient?: boolean }): Move;
  formatMove(move: MoveLike, notation?: Notation | string | null): string;
  san(move: MoveLike): string;
  perft(depth: number): number;
  divide(depth: number): PerftDivide[];
  /** Play a move; IllegalMoveError, ParseError, AmbiguousMoveError, GameOverError leave the game as it was. */
  play(move: MoveLike | string, notation?: Notation | string | null, options?: { lenient?: boolean }): Move;
  /** Play a move as a record does (goes on past endings an arbiter judges). */
  playRecord(move: MoveLike | string): Move;
  /** Take back the last move; NoMoveError when there is none. */
  undo(): Move | null;
  outcome(): Outcome;
  isOver(): boolean;
  claims(): string[];
  claimsAfter(move: MoveLike | string): string[];
  /** Claim or declare; true if it ended the game, false if the rules reject it. */
  claim(reason: string | number, move?: MoveLike | string | null): boolean;
  resign(side?: Side | null): void;
  agreeDraw(): void;
  /** Score by the variant's counting rule (janggi, shogi impasse points), null without one. */
  score(side: Side): number | null;
  stat(side: Side, which: Statistic): number;
  tags(): Record<string, string>;
  tag(key: string): string | null;
  setTag(key: string, value: string | null): void;
  comment(ply?: number): string | null;
  setComment(ply: number, text: string | null): void;
  nags(ply: number): number[];
  addNag(ply: number, nag: number): void;
  variations(ply: number): string[];
  addVariation(ply: number, text: string): void;
  /** The game as a record (default: the variant's first format). */
  export(format?: RecordFormat | string | null): string;
  /** The current position as SVG, the last move highlighted unless lastmove is given. */
  svg(options?: PictureOptions | string): string;
  diagram(options?: PictureOptions | string): string;
  clone(): Game;
  readonly memory: number;
  free(): void;
  readonly freed: boolean;
  [Symbol.dispose](): void;
  toString(): string;
}

/** The reason vocabulary, indexed by bg_reason value ([0] is ""). */
export declare function reasons(): readonly string[];

/**
 * Record input: text (UTF-8), bytes (legacy encodings are detected per game), or a synchronous
 * source function that fills `buffer` and returns how many bytes it wrote (0 at the end).
 */
export type RecordInput = string | Uint8Array | ArrayBuffer | ArrayBufferView | ((buffer: Uint8Array) => number);

export interface RecordOptions {
  format?: RecordFormat | string | null;
  options?: Options;
  /** Also read the dialects real files carry (docs/records.md). */
  lenient?: boolean;
  /** Keep only the main line, the start position and the result (faster). */
  movesOnly?: boolean;
  /** Only the games starting in the byte range [start, end) (end 0 = to the end); in-memory input only. */
  range?: [number, number?] | null;
  /** Report a bad game here and go on; without it the first bad game throws. */
  onError?: ((error: BoardGamesError) => void) | null;
}

/** A reader over a record file; iterate it for Games. */
export declare class RecordReader implements Iterable<Game> {
  constructor(variant: VariantId | string | Variant, input: RecordInput, options?: RecordOptions);
  /** The next game, or null after the last. */
  next(): Game | null;
  [Symbol.iterator](): Iterator<Game>;
  readonly games: number;
  readonly offset: number;
  free(): void;
  [Symbol.dispose](): void;
}
export declare function readGames(variant: VariantId | string | Variant, input: RecordInput, options?: RecordOptions): RecordReader;
export declare function readGame(variant: VariantId | string | Variant, input: RecordInput, options?: RecordOptions): Game;

/** The wasm heap: its size and the bytes the allocator has handed out. */
export declare function heapStats(): { size: number; used: number };
/** Handles freed by the FinalizationRegistry so far. */
export declare function collectedHandles(): number;
export declare function version(): string;
export declare function versionNumber(): number;
