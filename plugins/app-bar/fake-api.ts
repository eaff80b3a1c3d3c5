import { defineFakeApi, personaScenario } from '../../core/plugin-api/fake-api';

/** A persona for the app-download bar: a user the back end flags as hidden (user info `flag` 1). */
export default defineFakeApi({
  name: 'app-bar',
  routes: {},
  scenarios: [
    personaScenario('app-download-hidden', 'Logged-in user flagged hidden for the app-download bar (user info flag 1): no bar on main or Turkey.', {
      user: { flag: 1 },
    }),
  ],
});
