/**
 * Whether `done` settles (resolves or rejects) within `ms`: false once `ms` have passed. The timer is cleared as soon
 * as either happens, so it never keeps what `done` belongs to alive.
 */
export function settledWithin(done: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  return Promise.race([
    done.then(
      () => true,
      () => true,
    ),
    late,
  ]).finally(() => clearTimeout(timer));
}
