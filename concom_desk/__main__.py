from concom_desk.cli import main

raise SystemExit(main())
