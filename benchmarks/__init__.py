"""The benchmark suite of bugami: ``python -m benchmarks``.

Every figure the project publishes about speed or memory comes from this
package. It measures the public API only (what a user's program calls), runs
OpenSpiel's Hearts side by side when ``pyspiel`` is importable, prints a
table and writes the results, with a description of the machine, to a JSON
file. See ``benchmarks/README.md`` for how to run it and how to add a line.

The package is organised around a registry (:mod:`benchmarks.registry`): each
module registers its benchmarks and the targets they are held to, and the
command line runs whatever is registered.

* :mod:`benchmarks.timing` -- samples, calibration, paired A/B series;
* :mod:`benchmarks.registry` -- settings, results, the registry itself;
* :mod:`benchmarks.playouts` -- random deals played through the public API;
* :mod:`benchmarks.openspiel_hearts` -- the same for OpenSpiel's Hearts;
* :mod:`benchmarks.argute_playouts` -- random Argute deals, the same way;
* :mod:`benchmarks.calls` -- the cost of one call of each verb, views and
  sampling included;
* :mod:`benchmarks.records` -- writing records, and reading them against
  playing the same deals;
* :mod:`benchmarks.memory` -- the bytes a state keeps alive;
* :mod:`benchmarks.simulation` -- simulation on one and two worker processes;
* :mod:`benchmarks.history` -- what keeping histories costs: a long game,
  early against late, and building and replaying its history;
* :mod:`benchmarks.solver` -- the open-hand solvers, one position at a time;
* :mod:`benchmarks.machine` -- what the results were measured on;
* :mod:`benchmarks.report` -- the table and the JSON file;
* :mod:`benchmarks.cli` -- the command line.
"""
