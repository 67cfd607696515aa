/**
 * Template parser: splits source into text, comments and tags, tracks tag
 * positions, and hands each tag body to the tag parser. A tag that does not
 * parse is emitted as literal text.
 */
import { Op } from './opcodes.js';
import { TagParser, type InstructionSink, type ParserRegistry } from './tag-parser.js';

export type { InstructionSink, ParserRegistry } from './tag-parser.js';

/** Parses one template source into the sink. */
export class Parser {
  private line = 1;
  private col = 1;
  private posAt = 0;
  /** Offset of the first newline at or after posAt (Infinity when none), or -1 before the first search. */
  private nextNl = -1;
  private tagLine = 1;
  private tagCol = 1;

  private readonly tags: TagParser;

  constructor(
    private readonly s: string,
    private readonly sink: InstructionSink,
    registry: ParserRegistry,
  ) {
    this.tags = new TagParser(s, sink, registry);
  }

  /** Runs the parser to the end of the source, then feeds EOF. */
  parse(): void {
    const s = this.s;
    const len = s.length;
    let idx = 0;
    let next = -1;
    for (;;) {
      let start = next >= idx ? next : s.indexOf('{', idx);
      if (start === -1 || start === len) break;
      if (s.charCodeAt(start + 1) === 35 && s.charCodeAt(start + 2) === 35) {
        this.text(idx, start);
        this.locate(start);
        const close = s.indexOf('##}', start + 3);
        const body = close === -1 ? s.substring(start + 3) : s.substring(start + 3, close);
        this.sink.accept(Op.COMMENT, [Op.COMMENT, body, 1], this.tagLine, this.tagCol);
        if (close === -1) {
          idx = len;
          break;
        }
        idx = close + 3;
        continue;
      }
      const close = s.indexOf('}', start + 1);
      if (close === -1) break;
      let o = s.indexOf('{', start + 1);
      while (o !== -1 && o < close) {
        start = o;
        o = s.indexOf('{', o + 1);
      }
      next = o === -1 ? len : o;
      this.text(idx, start);
      this.locate(start);
      if (!this.tags.parse(start + 1, close, this.tagLine, this.tagCol)) this.text(start, close + 1);
      idx = close + 1;
    }
    this.text(idx, len);
    this.locate(len);
    this.sink.accept(Op.EOF, null, this.tagLine, this.tagCol);
  }

  private text(from: number, to: number): void {
    if (from < to) this.sink.accept(Op.TEXT, [Op.TEXT, this.s.substring(from, to)], 0, 0);
  }

  /** Sets tagLine/tagCol to the position of offset `at` (offsets only move forward). */
  private locate(at: number): void {
    const s = this.s;
    let line = this.line;
    let nl = this.nextNl;
    if (nl < this.posAt) nl = s.indexOf('\n', this.posAt);
    let lastNl = -1;
    while (nl !== -1 && nl < at) {
      line++;
      lastNl = nl;
      nl = s.indexOf('\n', nl + 1);
    }
    this.col = lastNl === -1 ? this.col + (at - this.posAt) : at - lastNl;
    this.nextNl = nl === -1 ? Infinity : nl;
    this.posAt = at;
    this.line = line;
    this.tagLine = line;
    this.tagCol = this.col;
  }
}
