/**
 * The key rate limit counts in fixed minutes of the wall clock (and a provider's hourly limit in hours): a
 * test that counts requests against one window and starts in the last seconds of a minute would see two.
 * It waits for the next minute first.
 */
export const awayFromMinuteEnd = async (seconds = 10) => {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > (60 - seconds) * 1000) await new Promise((resolve) => setTimeout(resolve, 60_100 - intoMinute));
};
