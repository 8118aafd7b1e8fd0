import { render } from 'preact';

render(<p>Outreach companion</p>, document.getElementById('app')!);
