import { describe, expect, it } from 'vitest';
import { batcher } from './batcher';

/** A run whose statements are recorded and answered when the test says. */
function recordedRun() {
  const statements: { inputs: number[]; answer: (outs?: string[]) => void; fail: (err: Error) => void }[] = [];
  const run = (inputs: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      statements.push({
        inputs,
        answer: (outs) => resolve(outs ?? inputs.map((n) => `answer ${n}`)),
        fail: reject,
      });
    });
  return { statements, run };
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('batcher', () => {
  it('sends the requests of one moment in one statement, and those arriving while it is out in the next', async () => {
    const { statements, run } = recordedRun();
    const ask = batcher(run, { max: 10 });
    const first = [1, 2, 3].map(ask);
    expect(statements).toHaveLength(0);
    await turn();
    expect(statements.map((s) => s.inputs)).toEqual([[1, 2, 3]]);
    const second = [4, 5].map(ask);
    await turn();
    // Only one statement is out at a time.
    expect(statements).toHaveLength(1);
    statements[0]?.answer();
    expect(await Promise.all(first)).toEqual(['answer 1', 'answer 2', 'answer 3']);
    expect(statements.map((s) => s.inputs)).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    statements[1]?.answer();
    expect(await Promise.all(second)).toEqual(['answer 4', 'answer 5']);
    // Idle again: the next request starts a statement of its own.
    const third = ask(6);
    await turn();
    statements[2]?.answer();
    expect(await third).toBe('answer 6');
    expect(statements).toHaveLength(3);
  });

  it('puts at most max in one statement, the rest first in the next', async () => {
    const { statements, run } = recordedRun();
    const ask = batcher(run, { max: 2 });
    const all = [1, 2, 3, 4, 5].map(ask);
    await turn();
    statements[0]?.answer();
    await turn();
    statements[1]?.answer();
    await turn();
    statements[2]?.answer();
    expect(await Promise.all(all)).toHaveLength(5);
    expect(statements.map((s) => s.inputs)).toEqual([[1, 2], [3, 4], [5]]);
  });

  it("rejects only a failed statement's requests, and goes on with the next", async () => {
    const { statements, run } = recordedRun();
    const ask = batcher(run, { max: 10 });
    const failed = [1, 2].map((n) => ask(n).catch((err: Error) => err.message));
    await turn();
    const next = ask(3);
    statements[0]?.fail(new Error('connection lost'));
    expect(await Promise.all(failed)).toEqual(['connection lost', 'connection lost']);
    statements[1]?.answer();
    expect(await next).toBe('answer 3');
  });

  it('rejects every request of a statement that answers the wrong number of them', async () => {
    const { statements, run } = recordedRun();
    const ask = batcher(run, { max: 10 });
    const both = [1, 2].map((n) => ask(n).catch((err: Error) => err.message));
    await turn();
    statements[0]?.answer(['only one']);
    expect(await Promise.all(both)).toEqual(['batcher: 1 answers for 2 inputs', 'batcher: 1 answers for 2 inputs']);
  });

  it("sends the next statement before answering the last one's requests", async () => {
    const log: string[] = [];
    const pending: ((outs: string[]) => void)[] = [];
    // As node-postgres sends: its pool hands over an idle connection in a tick, queued when the
    // query is made, and the statement is written to the socket there.
    const run = (inputs: number[]) =>
      new Promise<string[]>((resolve) => {
        process.nextTick(() => {
          log.push(`sent ${inputs.join(',')}`);
          pending.push(resolve);
        });
      });
    const ask = batcher(run, { max: 10 });
    // Each answer goes on through a few promise steps, as a reply does on its way to the socket.
    const answered = (n: number) => async () => {
      await null;
      await null;
      log.push(`answered ${n}`);
    };
    const first = ask(1).then(answered(1));
    await turn();
    const second = ask(2).then(answered(2));
    await turn();
    pending[0]?.(['one']);
    await first;
    expect(log).toEqual(['sent 1', 'sent 2', 'answered 1']);
    pending[1]?.(['two']);
    await second;
    expect(log).toEqual(['sent 1', 'sent 2', 'answered 1', 'answered 2']);
  });
});
