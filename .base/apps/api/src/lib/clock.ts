/**
 * The shop's clock for what is scheduled by time (sales starting and ending, promo codes' dates, the
 * 30-day lowest price). Tests move it (`clock.now = () => …`); everything else reads `clock.now()`.
 */
export const clock = {
  now: (): Date => new Date(),
};
