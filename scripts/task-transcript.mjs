/**
 * `npm start -- --task` (Chromium and Firefox alike): the panel's messages printed as a transcript, each
 * permission prompt answered, and the run's last line of tokens and cost.
 */

/** The run's last line: its tokens by kind and its estimated cost, as the panel's meter says them. */
export function usageLine(usage, cost) {
  const n = (value) => value.toLocaleString('en-US');
  if (!usage) return 'used no tokens';
  const total = usage.inputTokens + usage.outputTokens + usage.cacheReadTokens + usage.cacheCreationTokens;
  if (total === 0) return 'used no tokens · $0';
  const kinds = `${n(usage.inputTokens)} in, ${n(usage.outputTokens)} out, ${n(usage.cacheReadTokens)} cache reads, ${n(usage.cacheCreationTokens)} cache writes`;
  const money =
    cost?.costUsd === undefined
      ? `cost unknown: no price for ${cost?.model ?? 'this model'} (add one in Settings → Cost and context)`
      : `≈ $${cost.costUsd < 0.01 ? cost.costUsd.toFixed(4) : cost.costUsd.toFixed(2)}`;
  return `used ${n(total)} tokens (${kinds}) · ${money}`;
}

/**
 * Prints a task's panel messages as a transcript and answers its prompts: denied, or with `yes` as a person
 * watching the run would, "Allow for this task" (this tool on this site until the run ends; a plan card's
 * "Approve plan" is allow_once, as in sidepanel/components/PlanCard.tsx). Returns `{ reply }` to send back
 * and `{ exitCode }` when the run is over; `line` prints a line of its own.
 */
export function taskPrinter(yes) {
  let atLineStart = true;
  const out = (text) => {
    process.stdout.write(text);
    atLineStart = text.endsWith('\n');
  };
  const line = (text) => out(`${atLineStart ? '' : '\n'}${text}\n`);
  const clip = (text, n = 600) => (text.length > n ? `${text.slice(0, n)}… (${text.length} chars)` : text);
  let usage;
  let cost;
  const handle = (message) => {
    if (message.type === 'agent_event') {
      const event = message.event;
      if (event.type === 'text_delta') out(event.text);
      else if (event.type === 'tool_call_started') line(`→ ${event.name} ${JSON.stringify(event.input)}  (${event.description})`);
      else if (event.type === 'tool_call_finished')
        line(`← ${event.name} [${event.status}] ${clip(event.content.map((b) => (b.type === 'text' ? b.text : `[${b.type}]`)).join('\n'))}`);
      else if (event.type === 'usage') usage = event.total;
      else if (event.type === 'run_cost') cost = event;
      else if (event.type === 'run_finished') {
        line(`— run finished: ${event.reason}${event.error ? ` — ${event.error.message} ${event.error.suggestion}` : ''}`);
        line(`— ${usageLine(cost?.usage ?? usage, cost)}`);
        return { exitCode: event.reason === 'end_turn' ? 0 : 1 };
      }
      return undefined;
    }
    if (message.type === 'permission_request') {
      const plan = message.request.plan;
      const choice = yes ? (plan ? 'allow_once' : 'allow_task') : 'deny';
      const verdict = !yes ? 'denied (pass --yes to allow)' : plan ? 'plan approved (--yes)' : 'allowed for this task (--yes)';
      if (plan) {
        line(`? permission: plan — ${plan.steps.length} step(s) on ${plan.sites.join(', ') || 'no site'} → ${verdict}`);
        plan.steps.forEach((step, index) => line(`    ${index + 1}. ${step}`));
      } else line(`? permission: ${message.request.description} on ${message.request.site ?? 'no site'} → ${verdict}`);
      const reason = yes ? {} : { reason: 'Running headless without a person to ask.' };
      return { reply: { type: 'permission_response', conversationId: message.conversationId, toolUseId: message.request.toolUseId, choice, ...reason } };
    }
    if (message.type === 'notice') {
      line(`! ${message.message} ${message.suggestion}`);
      return message.level === 'error' ? { exitCode: 1 } : undefined;
    }
    if (message.type === 'run_state' && message.run.status === 'error' && message.run.error) {
      line(`! ${message.run.error.message} ${message.run.error.suggestion}`);
      return { exitCode: 1 };
    }
    return undefined;
  };
  return Object.assign(handle, { line });
}
