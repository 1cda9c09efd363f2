from toollint.cli import main

raise SystemExit(main())
