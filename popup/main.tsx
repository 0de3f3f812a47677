/** Placeholder popup. */
import { render } from 'preact';

render(<main>Pagewright</main>, document.getElementById('app') ?? document.body);
