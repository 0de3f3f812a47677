/**
 * A run's way to ask the person: the runtime's `askPerson` becomes a prompt in the panels bound to
 * the conversation, and the panel's answer resolves it. Prompts queue: the panel shows the oldest one
 * (with how many wait behind it), and each answer brings up the next, so two calls asking at once
 * (parallel reads under an ask rule, a sub-agent) never overwrite each other. A stop (the call's
 * signal) answers Deny, for that prompt only.
 */
import type { PermissionRequest, PersonChoice } from '../runtime/permission-types.js';

/** Where prompts go and where their end is announced. */
export interface PromptChannel {
  show(request: PermissionRequest): void;
  resolved(toolUseId: string): void;
}

interface Waiting {
  request: PermissionRequest;
  resolve: (choice: PersonChoice) => void;
}

export class PermissionBridge {
  private readonly queue: Waiting[] = [];

  constructor(private readonly channel: PromptChannel) {}

  /** The prompt to show now, with the number waiting behind it (a panel that connects late shows it). */
  get pending(): PermissionRequest | undefined {
    const head = this.queue[0];
    if (!head) return undefined;
    const queued = this.queue.length - 1;
    return queued > 0 ? { ...head.request, queued } : head.request;
  }

  /** The runtime's `askPerson`. */
  ask(request: PermissionRequest, signal: AbortSignal): Promise<PersonChoice> {
    return new Promise<PersonChoice>((resolve) => {
      const waiting: Waiting = {
        request,
        resolve: (choice) => {
          signal.removeEventListener('abort', onAbort);
          const index = this.queue.indexOf(waiting);
          if (index < 0) return;
          this.queue.splice(index, 1);
          this.channel.resolved(request.toolUseId);
          resolve(choice);
          // The next prompt comes up (or the head's count of waiting prompts changes).
          const next = this.pending;
          if (next) this.channel.show(next);
        },
      };
      const onAbort = () => waiting.resolve({ choice: 'deny', reason: 'The run was stopped.' });
      if (signal.aborted) {
        resolve({ choice: 'deny', reason: 'The run was stopped.' });
        return;
      }
      signal.addEventListener('abort', onAbort, { once: true });
      this.queue.push(waiting);
      const head = this.pending;
      if (head) this.channel.show(head);
    });
  }

  /** The person's answer to one waiting prompt; ignored when no prompt with that id waits. */
  answer(toolUseId: string, choice: PersonChoice): void {
    this.queue.find((waiting) => waiting.request.toolUseId === toolUseId)?.resolve(choice);
  }
}
