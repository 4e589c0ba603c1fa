// The bench's question-and-answer channel to a server child process (bench/server.ts) over IPC:
// its port once it is ready, questions by id, and a stop that waits for the exit.
import type { ChildProcess } from 'node:child_process';
import type { ChildMessage } from './server';

/** Omit distributed over a union. */
export type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

/** Waits for the child's `ready`; a child that dies fails the questions to it, not the bench. */
export async function serverChannel<Asked extends { id: number }>(child: ChildProcess) {
  let nextId = 1;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited with ${code} before it was ready`)));
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'ready') resolve(message.port);
      else {
        const waiter = pending.get(message.id);
        pending.delete(message.id);
        if (message.type === 'result') waiter?.resolve(message.value);
        else waiter?.reject(new Error(message.message));
      }
    });
  });
  child.on('error', () => {});
  child.on('exit', (code, signal) => {
    for (const waiter of pending.values()) waiter.reject(new Error(`the server exited (${signal ?? code})`));
    pending.clear();
  });
  const ask = <T>(message: WithoutId<Asked>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (!child.connected) {
        reject(new Error(`the server is gone (exit ${child.signalCode ?? child.exitCode})`));
        return;
      }
      const id = nextId++;
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      child.send({ ...message, id });
    });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    if (child.connected) child.disconnect();
    else child.kill('SIGTERM');
    await exited;
  };
  return { port, ask, stop };
}
