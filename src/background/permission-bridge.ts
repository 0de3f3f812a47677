/**
 * A run's way to ask the person: the runtime's `askPerson` becomes a prompt in the panels bound to
 * the conversation, and the panel's answer resolves it. A stop (the call's signal) answers Deny.
 */
import type { PermissionRequest, PersonChoice } from '../runtime/permission-types.js';

/** Where prompts go and where their end is announced. */
export interface PromptChannel {
  show(request: PermissionRequest): void;
  resolved(toolUseId: string): void;
}

export class PermissionBridge {
  private current: { request: PermissionRequest; resolve: (choice: PersonChoice) => void } | undefined;

  constructor(private readonly channel: PromptChannel) {}

  /** The prompt waiting for an answer, if any (a panel that connects late shows it). */
  get pending(): PermissionRequest | undefined {
    return this.current?.request;
  }

  /** The runtime's `askPerson`. */
  ask(request: PermissionRequest, signal: AbortSignal): Promise<PersonChoice> {
    return new Promise<PersonChoice>((resolve) => {
      const finish = (choice: PersonChoice) => {
        signal.removeEventListener('abort', onAbort);
        if (this.current?.request.toolUseId === request.toolUseId) this.current = undefined;
        this.channel.resolved(request.toolUseId);
        resolve(choice);
      };
      const onAbort = () => finish({ choice: 'deny', reason: 'The run was stopped.' });
      signal.addEventListener('abort', onAbort, { once: true });
      this.current = { request, resolve: finish };
      this.channel.show(request);
    });
  }

  /** The person's answer; ignored unless it is for the prompt waiting now. */
  answer(toolUseId: string, choice: PersonChoice): void {
    if (this.current?.request.toolUseId === toolUseId) this.current.resolve(choice);
  }
}
