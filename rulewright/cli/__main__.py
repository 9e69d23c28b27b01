import sys

from rulewright.cli import main

sys.exit(main())
