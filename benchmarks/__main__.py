"""Run the benchmark suite: ``python -m benchmarks --help``."""

from benchmarks.cli import main

raise SystemExit(main())
