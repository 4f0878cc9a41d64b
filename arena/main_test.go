package arena

import _ "houserules/presets" // registers the house-rule presets the tests use
