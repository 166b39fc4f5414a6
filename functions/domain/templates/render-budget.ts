/**
 * What one request may spend rendering templates (docs/promises.md, "Bounded work"). Sections multiply:
 * `{{#a}}{{#a}}{{#a}}…` with `a` a list of 150 walks 150^depth times, so a template and its variables of
 * a few bytes could hold a process for minutes. Every render walks under a budget of steps (each tag,
 * text, section item and name looked up is one), shared by all the renders of one request (a batch's
 * items, a campaign chunk's readers), and stops the moment it is spent, never after.
 *
 * RENDER_STEPS is about 40 ms of CPU on a laptop core (bench/template-budget.ts measures it), far
 * above any real mail: a 100 KiB newsletter with 500 tags is about 2,000 steps.
 */
export const RENDER_STEPS = 400_000;

/**
 * What each mail of a request that makes many (a batch's items, a campaign chunk's readers) adds to
 * the budget they share: a tenth of a single render's, six times what the bench's 100 KB newsletter
 * takes (about 6,300). A full batch or chunk's worst is then a few hundred ms of CPU.
 */
export const MAIL_RENDER_STEPS = RENDER_STEPS / 10;

/** Why a render stopped: the steps of its budget ran out. Answered 422 TEMPLATE_TOO_COSTLY. */
export class RenderTooCostlyError extends Error {
  constructor(readonly field: string) {
    super(`Rendering ${field} stopped: the template with these variables repeats more work than one request may do`);
    this.name = 'RenderTooCostlyError';
  }
}

/** Why a render stopped: a part grew past what any mail may carry (the send's own limits). Answered 400. */
export class RenderTooLargeError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'RenderTooLargeError';
  }
}

export class RenderBudget {
  constructor(
    private steps = RENDER_STEPS,
    private readonly whole?: RenderBudget,
  ) {}

  /** Spends `count` steps, or stops the render (the error names the part being rendered). */
  spend(count: number, field: string) {
    this.steps -= count;
    if (this.whole) this.whole.steps -= count;
    if (this.steps < 0) throw new RenderTooCostlyError(field);
  }

  /**
   * A fair part of what is left, for one of `ways` renders still to come (a batch's items): a costly
   * item stops at its part, and what a cheap one leaves goes to those after it. Spent here too.
   */
  share(ways: number) {
    return new RenderBudget(Math.floor(this.left / Math.max(1, ways)), this);
  }

  /** At most `limit` of what is left, for one render of many (a campaign's reader); spent here too. */
  part(limit: number) {
    return new RenderBudget(Math.min(limit, this.left), this);
  }

  get left() {
    return Math.max(0, this.steps);
  }
}
