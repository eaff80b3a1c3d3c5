import '@abraham/reflection';
import { setTesterHost } from '../../core/testing/tester-host';
import { HOST_PLACES } from '../../host/app/slots';

// Plugin testers know the slots and menus the host layout declares, as the host's catalogue does.
setTesterHost(HOST_PLACES);
