import { describe, expect, it } from 'vitest';
import { createMemoryResultStore } from './budget.js';
import { createRootContext, createSubagentContext } from './context.js';

const root = () =>
  createRootContext({
    agentId: 'run-1',
    resultStore: createMemoryResultStore(),
    permissions: { mode: 'ask', rules: { allow: [], deny: [], ask: [] }, grants: [] },
    tools: [],
  });

describe('createRootContext', () => {
  it('keeps the app state and lets both setters change it', () => {
    const context = root();
    expect(context.agentType).toBe('main');
    context.setAppState((s) => ({ ...s, discoveredTools: ['hover'] }));
    context.setAppStateForTasks((s) => ({ ...s, grants: [{ origin: 'https://a.example', tool: 'click' }] }));
    expect(context.getAppState()).toEqual({
      discoveredTools: ['hover'],
      grants: [{ origin: 'https://a.example', tool: 'click' }],
      taskGrants: [],
      approvedFlows: [],
    });
  });
});

describe('createSubagentContext', () => {
  it('reads the run state, cannot change it with setAppState, and reaches the root with setAppStateForTasks', () => {
    const parent = root();
    parent.setAppState((s) => ({ ...s, discoveredTools: ['hover'] }));
    const child = createSubagentContext(parent, { agentId: 'sub-1' });
    expect(child.agentType).toBe('subagent');
    expect(child.agentId).toBe('sub-1');
    expect(child.getAppState().discoveredTools).toEqual(['hover']);

    child.setAppState((s) => ({ ...s, discoveredTools: [...s.discoveredTools, 'save_file'] }));
    expect(parent.getAppState().discoveredTools).toEqual(['hover']);

    child.setAppStateForTasks((s) => ({ ...s, discoveredTools: [...s.discoveredTools, 'memory_read'] }));
    expect(parent.getAppState().discoveredTools).toEqual(['hover', 'memory_read']);
    expect(child.getAppState().discoveredTools).toEqual(['hover', 'memory_read']);
  });

  it('a sub-agent can be a sub-agent’s parent, and its task updates still reach the root', () => {
    const parent = root();
    const grandchild = createSubagentContext(createSubagentContext(parent, { agentId: 'a' }), { agentId: 'b' });
    grandchild.setAppStateForTasks((s) => ({ ...s, discoveredTools: ['x'] }));
    expect(parent.getAppState().discoveredTools).toEqual(['x']);
  });

  it('stops when the parent stops (with its reason) but stopping it leaves the parent running', () => {
    const parent = root();
    const first = createSubagentContext(parent, { agentId: 'a' });
    first.abortController.abort('done');
    expect(parent.abortController.signal.aborted).toBe(false);

    const second = createSubagentContext(parent, { agentId: 'b' });
    parent.abortController.abort('interrupt');
    expect(second.abortController.signal.aborted).toBe(true);
    expect(second.abortController.signal.reason).toBe('interrupt');
  });
});
