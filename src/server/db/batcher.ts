/**
 * Requests that need the same kind of statement, sent to the database together: a request waits
 * for those already read from the sockets to join it (one turn of the event loop), and while a
 * statement is out the requests that arrive wait for the next, sent when it returns. A request's
 * statement is so always sent after the request arrived; under load one statement answers many
 * requests, at the price of at most one more round trip for each. A lone request waits one turn.
 *
 * A statement's requests are answered once the next statement is on its way to the database. The
 * driver sends it from a tick (node-postgres' pool hands over an idle connection in
 * `process.nextTick`), and ticks run only once the microtask queue is empty: requests answered at
 * once would write all their replies (promise steps) before the statement left, and the database
 * would wait for as long, on every statement under load.
 * So they are answered from a tick queued after the driver's.
 *
 * `run` answers each input in its place (an array as long as the inputs); when it throws, every
 * input of that statement is rejected with its error. At most `max` inputs go in one statement;
 * the rest, having arrived before it was sent, go first in the next.
 */
export function batcher<In, Out>(run: (inputs: In[]) => Promise<Out[]>, options: { max: number }) {
  type Waiter = { input: In; resolve: (out: Out) => void; reject: (err: unknown) => void };
  const waiting: Waiter[] = [];
  let sending = false;
  const send = () => {
    const batch = waiting.splice(0, options.max);
    if (batch.length === 0) {
      sending = false;
      return;
    }
    const settle = (outs: Out[]) => {
      if (outs.length !== batch.length) {
        const err = new Error(`batcher: ${outs.length} answers for ${batch.length} inputs`);
        for (const w of batch) w.reject(err);
      } else {
        for (const [i, w] of batch.entries()) w.resolve(outs[i] as Out);
      }
    };
    run(batch.map((w) => w.input)).then(
      (outs) => {
        // The requests that arrived meanwhile are sent first, and these answered from a tick queued
        // after the driver's, so the database works on that statement while this process writes
        // the answers.
        send();
        process.nextTick(settle, outs);
      },
      (err: unknown) => {
        send();
        process.nextTick(() => {
          for (const w of batch) w.reject(err);
        });
      },
    );
  };
  return (input: In) =>
    new Promise<Out>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      if (!sending) {
        sending = true;
        // The requests already read from the sockets join before the statement is sent (on PGlite,
        // which answers in this process, none would arrive while it is out).
        setImmediate(send);
      }
    });
}
