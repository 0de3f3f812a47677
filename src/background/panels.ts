/** The side panels connected to the worker, and what each is bound to. */
import type { Notice, WorkerToPanel } from '../shared/protocol/panel.js';

/** A connected side panel (or any extension page holding a port). */
export interface PanelLink {
  post(message: WorkerToPanel): void;
  /** The conversation this panel shows. */
  conversationId?: string;
}

/** A notice for the person, not tied to a run (invalid settings, a refused command). */
export function notice(code: string, message: string, suggestion: string, level: 'info' | 'error' = 'error'): Notice {
  return { type: 'notice', level, code, message, suggestion };
}

/** Every connected panel; posts to one conversation's panels or to all. */
export class Panels {
  private readonly links = new Set<PanelLink>();

  attach(link: PanelLink): void {
    this.links.add(link);
  }

  detach(link: PanelLink): void {
    this.links.delete(link);
  }

  get size(): number {
    return this.links.size;
  }

  /** Posts to the panels showing this conversation; a panel that went away mid-post is dropped. */
  toConversation(conversationId: string, message: WorkerToPanel): void {
    for (const link of this.links) {
      if (link.conversationId === conversationId) this.post(link, message);
    }
  }

  /** Posts to every panel. */
  toAll(message: WorkerToPanel): void {
    for (const link of this.links) this.post(link, message);
  }

  /** Panels showing a conversation that is gone show none until they bind again. */
  unbind(conversationId: string): void {
    for (const link of this.links) {
      if (link.conversationId === conversationId) link.conversationId = undefined;
    }
  }

  private post(link: PanelLink, message: WorkerToPanel): void {
    try {
      link.post(message);
    } catch {
      this.links.delete(link);
    }
  }
}
