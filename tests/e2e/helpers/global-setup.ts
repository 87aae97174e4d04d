// Once per Playwright run: the folder the club's tests build their server into (helpers/club-build).
import { clubRunFolder } from './club-build';

export default function globalSetup(): () => void {
	return clubRunFolder();
}
