/** Placeholder side panel (helper E replaces this with the real chat UI). */
import { render } from 'preact';

render(<main>Pagewright</main>, document.getElementById('app') ?? document.body);
