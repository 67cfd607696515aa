/** One level of the execution stack (frames are pooled and reused by depth). */
export class Frame {
  node: unknown = undefined;
  /** Current index while this frame iterates an array, else -1. */
  index = -1;
  vars: Map<string, unknown> | null = null;
  macros: Map<string, unknown> | null = null;
  /** Blocks variable resolution from looking past this frame (private partials). */
  stop = false;

  reset(node: unknown): void {
    this.node = node;
    this.index = -1;
    this.vars = null;
    this.macros = null;
    this.stop = false;
  }
}
