// The classic theme's navbar item kinds, plus the API version dropdown
// (`custom-apiVersionDropdown`: src/components/ApiVersions), which knows the
// versions of src/versions/ rather than the docs plugin's own versions.
import ComponentTypes from '@theme-original/NavbarItem/ComponentTypes';
import ApiVersionDropdown from '@site/src/components/ApiVersions/VersionDropdown';

export default {...ComponentTypes, 'custom-apiVersionDropdown': ApiVersionDropdown};
