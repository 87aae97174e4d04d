// Once per Playwright run: the folder the club's tests build their server into (helpers/club-build),
// and build B of the update journey started in the background (helpers/update-build).
import { clubRunFolder } from './club-build';
import { startUpdateBuild } from './update-build';

export default function globalSetup(): () => void {
	const removeClubFolder = clubRunFolder();
	const stopUpdateBuild = startUpdateBuild();
	return () => {
		stopUpdateBuild();
		removeClubFolder();
	};
}
