/**
 * The Settings sections, in the order the menu lists them. A section is one component; adding one
 * is one entry here. Each section saves its own fields with its own
 * Save, or acts at once and says so (see SectionForm).
 */
import type { FunctionComponent } from 'preact';
import type { AppModel } from '../../models/app-model.js';
import type { SettingsField } from '../../models/settings-model.js';
import { CodingAgentsSection } from './CodingAgentsSection.js';
import { CostSection } from './CostSection.js';
import { MemorySection } from './MemorySection.js';
import { ModelSection } from './ModelSection.js';
import { PermissionsSection } from './PermissionsSection.js';
import { ShortcutsSection } from './ShortcutsSection.js';
import { SitesSection } from './SitesSection.js';
import { StorageSection } from './StorageSection.js';
import { ToolServersSection } from './ToolServersSection.js';

/** What a section component is given: the app, and the settings fields it saves. */
export interface SectionProps {
  app: AppModel;
  fields: readonly SettingsField[];
}

/** One section: its id (for links such as "Open settings" on a key error), menu label, the fields it saves (none: it acts at once), component. */
export interface SettingsSection {
  id: string;
  label: string;
  fields: readonly SettingsField[];
  component: FunctionComponent<SectionProps>;
}

/** The sections, in menu order. */
export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  { id: 'model', label: 'Model', fields: ['provider', 'anthropic', 'openai'], component: ModelSection },
  { id: 'permissions', label: 'Permissions', fields: ['permissionMode', 'rules', 'simpleMode'], component: PermissionsSection },
  { id: 'shortcuts', label: 'Shortcuts', fields: ['shortcuts'], component: ShortcutsSection },
  { id: 'servers', label: 'Tool servers', fields: ['mcpServers'], component: ToolServersSection },
  { id: 'coding-agents', label: 'Coding agents', fields: [], component: CodingAgentsSection },
  { id: 'cost', label: 'Cost and context', fields: ['runBudget', 'maxTurns', 'maxContextTokens', 'models'], component: CostSection },
  { id: 'storage', label: 'Storage', fields: ['storageCapMb'], component: StorageSection },
  { id: 'memory', label: 'Memory', fields: [], component: MemorySection },
  { id: 'sites', label: 'Sites allowed', fields: [], component: SitesSection },
];

/** The id of a section, falling back to the first for an unknown one. */
export const sectionOrFirst = (id: string | undefined): SettingsSection =>
  SETTINGS_SECTIONS.find((section) => section.id === id) ?? (SETTINGS_SECTIONS[0] as SettingsSection);
