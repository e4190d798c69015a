# OnDeviceML — the commands a user runs. See README.md.
SWIFT ?= swift
VENV ?= .venv
PYTHON ?= python3
ODML_RELEASE = .build/release/odml

.PHONY: deps demo test build bench fixtures venv clean fuzz models docs docs-check interop kill-test replay example elaro-ope-coverage \
	capi capi-bindings capi-test bench-capi fuzz-capi fuzz-capi-run leak-capi

deps:
	@scripts/install-system-deps.sh

build: deps
	$(SWIFT) build -c release --product odml

## The main job: build in release and run the Spike S3 go/no-go of Models/*.odml on held-out
## synthetic irregular users; prints the verdict, the closest gap and the Phase 2 targets first,
## then the tables, writes reports/validation/ and ends with a short paragraph on the verdict. Exits 0 when the run succeeded, whatever the verdict (odml validate's
## own status, 0 GO / 1 NO-GO, is what CI should gate on), non-zero on an error.
## It builds the lean odml (no package trait: validation needs neither SQLite, encryption nor
## exports, so GRDB, swift-crypto and SwiftProtobuf are neither fetched nor built) in its own
## scratch path, beside the full build's cache.
LEAN_SCRATCH = .build/lean
ODML_LEAN = $(LEAN_SCRATCH)/release/odml
demo: deps
	$(SWIFT) build -c release --disable-default-traits --product odml --scratch-path $(LEAN_SCRATCH)
	@status=0; $(ODML_LEAN) validate --report reports/validation || status=$$?; \
	case $$status in \
	0) verdict="Spike S3 GO: a model passes with some logging";; \
	1) verdict="Spike S3 NO-GO: no logging scenario passes yet";; \
	*) exit $$status;; \
	esac; \
	printf '\nThe run succeeded. %s. The report begins:\n' "$$verdict"; sed -n '3,5p' reports/validation/report.md; \
	printf 'Every table is in reports/validation/report.html; how to read them: docs/go-no-go.md.\n`odml validate` itself exits %s (0 GO, 1 NO-GO) for CI.\n' "$$status"

## Re-create Models/ from fixed seeds: training users generated here (seeds 101, 8 and 102 — the last
## an every-signal irregular cohort, so the models see charted cycles — never the
## seed `odml validate` evaluates on), then `odml train` for each model kind (recipes: Models/README.md).
MODEL_DATA = .build/model-data
models: build
	for c in irregular mixed weak-signals; do $(ODML_RELEASE) generate --cohort $$c --users 400 --months 12 --seed 101 --out $(MODEL_DATA)/train-$$c; done
	$(ODML_RELEASE) generate --cohort irregular --users 1200 --months 12 --seed 8 --out $(MODEL_DATA)/train-irregular-b
	$(ODML_RELEASE) generate --cohort irregular --every-signal --users 400 --months 12 --seed 102 --out $(MODEL_DATA)/train-irregular-signals
	$(ODML_RELEASE) train --model gbt --data $(MODEL_DATA)/train-irregular --data $(MODEL_DATA)/train-irregular-b \
		--data $(MODEL_DATA)/train-mixed --data $(MODEL_DATA)/train-weak-signals --data $(MODEL_DATA)/train-irregular-signals \
		--out Models/cycle-gbt.odml --seed 7 --day-stride 2
	$(ODML_RELEASE) train --model lstm --data $(MODEL_DATA)/train-irregular --data $(MODEL_DATA)/train-mixed \
		--data $(MODEL_DATA)/train-weak-signals --data $(MODEL_DATA)/train-irregular-signals \
		--out Models/cycle-lstm.odml --hidden 32 --epochs 20 --seed 7

## The API documentation of the runtime modules (DocC, with swift-docc-plugin): one archive per
## module in .build/plugins/Swift-DocC/outputs/<Module>.doccarchive, each with an overview and a
## reading order. Any warning fails, a broken symbol link included.
DOCC_MODULES = ShifAIRuntime Cycles Personalization ModelFiles Explanations ElaroRuntime Elaro
docs: deps
	$(SWIFT) package generate-documentation $(addprefix --target ,$(DOCC_MODULES)) --warnings-as-errors
	@echo "docs: every runtime module built with no warning: .build/plugins/Swift-DocC/outputs/*.doccarchive"

## Re-run every shell block of notebooks-md/*.md with the release odml (the walkthroughs train
## and simulate: ≈ 15 s in release, minutes in debug) and fail when an output changed (times are
## normalised).
docs-check: build
	$(PYTHON) scripts/docs-check.py --odml $(ODML_RELEASE)

## The test suite (what CI runs).
test: deps
	$(SWIFT) test

venv: $(VENV)/.installed
$(VENV)/.installed: Benchmarks/peers/requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install -q -r Benchmarks/peers/requirements.txt
	touch $@

## Benchmarks against the Python peers; writes Benchmarks/results/latest.json; then the C API's overhead (bench-capi).
bench: deps venv
	$(SWIFT) build -c release --product odml-bench
	Benchmarks/run.sh $(VENV)/bin/python
	$(MAKE) --no-print-directory bench-capi

## Export parity on 1,000 rows of each shipped model (<= 1e-5): onnxruntime on the ONNX export, the
## LiteRT interpreter on the TFLite export (with its latency), coremltools and an independent
## evaluator of the Core ML specification on the Core ML export. One JSON line per model and format.
INTEROP_MODELS = Models/cycle-lstm.odml Models/cycle-gbt.odml
interop: deps venv
	$(SWIFT) build -c release --product odml
	$(VENV)/bin/python Benchmarks/peers/onnx_interop.py --odml $(ODML_RELEASE) --rows 1000 $(INTEROP_MODELS)
	$(VENV)/bin/python Benchmarks/peers/tflite_interop.py --odml $(ODML_RELEASE) --rows 1000 $(INTEROP_MODELS)
	$(VENV)/bin/python Benchmarks/peers/coreml_interop.py --odml $(ODML_RELEASE) --rows 1000 $(INTEROP_MODELS)

## Long fuzz run of the model-file reader: 1,000,000 mutated files (override ODML_FUZZ_ITERATIONS, ODML_FUZZ_SEED).
fuzz: deps
	ODML_FUZZ_ITERATIONS=$${ODML_FUZZ_ITERATIONS:-1000000} $(SWIFT) test --filter ModelFilesTests.FuzzTests

## 100 SIGKILLs during `odml predict --write` and 100 during `odml finetune` on an app database
## (override ODML_KILL_COUNT); the test prints how many kills landed inside a write transaction.
kill-test: deps
	$(SWIFT) build --product odml
	ODML_KILL_COUNT=$${ODML_KILL_COUNT:-100} $(SWIFT) test --filter odmlTests.AppDatabaseKillTests

## "Two years in her life": one irregular user replayed day by day through the on-device loop
## (release build: the time per day is a measurement); writes reports/replay/.
replay: build
	$(ODML_RELEASE) replay --model Models/cycle-gbt.odml --months 24 --out reports/replay/app.sqlite

## Off-policy evaluation on simulated decision logs: for 20 seeds and each target policy,
## `odml elaro simulate --decision-log` then `odml bandit ope`; fails unless the 95 % intervals of IPS,
## SNIPS and DR cover the true values at >= 85 % (override ODML_COVERAGE_ARGS, e.g. "--parents 200").
elaro-ope-coverage: build
	$(PYTHON) scripts/elaro_ope_coverage.py --odml $(ODML_RELEASE) $(ODML_COVERAGE_ARGS)

clean:
	rm -rf .build

## The app-shaped example (Examples/ShifAIApp): the same program on the runtime product and on the
## tools umbrella, built in release; runs the runtime one and prints both stripped binary sizes.
EXAMPLE = Examples/ShifAIApp
example: deps
	cd $(EXAMPLE) && $(SWIFT) build -c release
	cd $(EXAMPLE) && .build/release/shifai-app ../../Models/cycle-gbt.odml fr
	@for binary in shifai-app shifai-app-umbrella; do \
		strip -o $(EXAMPLE)/.build/$$binary.stripped $(EXAMPLE)/.build/release/$$binary; \
		printf '%-22s %12s B unstripped %12s B stripped\n' $$binary \
			$$(stat -c %s $(EXAMPLE)/.build/release/$$binary) $$(stat -c %s $(EXAMPLE)/.build/$$binary.stripped); \
	done

## The C API (Sources/OnDeviceMLC/include/odml.h, docs/c-api.md): libOnDeviceMLC.so in release,
## assembled with its resource folders and the header in $(CAPI_DIST) (relocatable, stripped).
CAPI = .build/capi
CAPI_DIST = $(CAPI)/dist
CC ?= cc
# The Swift toolchain's clang: libFuzzer (-fsanitize=fuzzer) and LeakSanitizer.
SWIFT_CLANG ?= $(dir $(realpath $(shell command -v $(SWIFT))))clang
CAPI_CFLAGS = -std=c99 -Wall -Wextra -Werror -I$(CAPI_DIST)/include
CAPI_LDFLAGS = -L$(CAPI_DIST)/lib -lOnDeviceMLC -Wl,-rpath,$(abspath $(CAPI_DIST)/lib)
capi: deps
	$(SWIFT) build -c release --product OnDeviceMLC
	scripts/capi-dist.sh .build/release $(CAPI_DIST)

## The bindings over $(CAPI_DIST): the Python package installed with pip into $(CAPI)/python, the
## JVM binding (classes and the JNI shim beside a copy of the library) in $(CAPI)/jvm.
capi-bindings: capi
	scripts/capi-python.sh $(PYTHON) $(CAPI) $(CAPI_DIST)
	bindings/jvm/build.sh $(CAPI_DIST) $(CAPI)/jvm

## The C API's tests (CI): the shipped library's exports, dependencies and relocation; the header as
## C99 and C++17; the C tests; a short fuzz run (10^4 inputs) and the leak check under
## LeakSanitizer (1,000 cycles); the Python package's pytest suite and walkthrough 6; the JVM
## binding's test; Examples/c, the Python and the Java example against `odml predict --json` for
## 20 users and both models.
capi-test: capi-bindings build
	$(PYTHON) scripts/check-capi-library.py --dist $(CAPI_DIST)
	printf '#include "odml.h"\nint main(void) { return odml_abi_version() == ODML_ABI_VERSION ? 0 : 1; }\n' > $(CAPI)/header.c
	$(CC) -std=c99 -pedantic $(CAPI_CFLAGS) -fsyntax-only $(CAPI)/header.c
	c++ -std=c++17 -pedantic -Wall -Wextra -Werror -I$(CAPI_DIST)/include -fsyntax-only -x c++ $(CAPI)/header.c
	Tests/CAPI/fixtures.sh $(ODML_RELEASE) $(CAPI)/fixtures
	$(CC) $(CAPI_CFLAGS) -pthread Tests/CAPI/capi_test.c $(CAPI_LDFLAGS) -o $(CAPI)/capi_test
	$(CAPI)/capi_test $(CAPI)/fixtures
	ODML_FUZZ_RUNS=10000 $(MAKE) --no-print-directory fuzz-capi-run
	$(SWIFT_CLANG) -fsanitize=leak -std=c99 -g -I$(CAPI_DIST)/include Tests/CAPI/leak_check.c $(CAPI_LDFLAGS) -o $(CAPI)/leak_check_lsan
	$(CAPI)/leak_check_lsan Models 1000
	ODML_FIXTURES=$(abspath $(CAPI)/fixtures) PYTHONPATH=$(CAPI)/python $(PYTHON) -m pytest -q -p no:cacheprovider bindings/python/tests
	PYTHONPATH=$(abspath $(CAPI)/python) $(PYTHON) scripts/docs-check.py --odml $(ODML_RELEASE) notebooks-md/06-python.md
	java -Dondeviceml.library.dir=$(CAPI)/jvm/lib -cp $(CAPI)/jvm/classes org.ondeviceml.OdmlTest $(CAPI)/fixtures
	$(CC) $(CAPI_CFLAGS) Examples/c/predict.c $(CAPI_LDFLAGS) -o $(CAPI)/predict
	$(PYTHON) scripts/capi-parity.py --odml $(ODML_RELEASE) --runner c=$(CAPI)/predict \
		--runner "python=env PYTHONPATH=$(CAPI)/python $(PYTHON) bindings/python/examples/predict.py" \
		--runner "java=java -Dondeviceml.library.dir=$(CAPI)/jvm/lib -cp $(CAPI)/jvm/classes org.ondeviceml.Predict"

## The C API's overhead (Benchmarks/capi/run.sh): the explained forecast of the shipped boosted
## trees through the direct Swift call, C, Java and Python, median and p99 of each and the
## overhead against Swift; writes Benchmarks/results/capi.json. `make bench` ends with it.
bench-capi: capi-bindings build
	$(SWIFT) build -c release --product odml-bench
	Benchmarks/capi/run.sh $(ODML_RELEASE) .build/release/odml-bench $(CAPI)

## Long fuzz run of the C API (Tests/CAPI/fuzz_capi.c: the history JSON reader, model bytes, the
## predict call, Elaro's JSON) with libFuzzer from the Swift toolchain's clang: 1,000,000 inputs
## (override ODML_FUZZ_RUNS); fails on a crash, a broken status/message contract, a timeout or an
## out-of-memory, and prints the inputs per target and the status codes seen.
ODML_FUZZ_RUNS ?= 1000000
fuzz-capi: capi fuzz-capi-run
fuzz-capi-run:
	Tests/CAPI/fuzz.sh $(ODML_FUZZ_RUNS) .build/release $(CAPI_DIST)/include $(CAPI)/fuzz

## Leak check of the C API: 1,000 cycles of load, forecast, explain, three failures and free under
## valgrind (fails unless 0 bytes are definitely lost; ≈ 6 min) and under LeakSanitizer.
LEAK_CYCLES ?= 1000
leak-capi: capi
	$(CC) $(CAPI_CFLAGS) -g Tests/CAPI/leak_check.c $(CAPI_LDFLAGS) -o $(CAPI)/leak_check
	valgrind --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=9 --log-file=$(CAPI)/valgrind.log \
		$(CAPI)/leak_check Models $(LEAK_CYCLES)
	grep -E 'definitely lost|indirectly lost|ERROR SUMMARY' $(CAPI)/valgrind.log
	$(SWIFT_CLANG) -fsanitize=leak -std=c99 -g -I$(CAPI_DIST)/include Tests/CAPI/leak_check.c $(CAPI_LDFLAGS) -o $(CAPI)/leak_check_lsan
	$(CAPI)/leak_check_lsan Models $(LEAK_CYCLES)
