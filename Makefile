# OnDeviceML — the commands a user runs. See README.md.
SWIFT ?= swift
VENV ?= .venv
PYTHON ?= python3
ODML_RELEASE = .build/release/odml

.PHONY: deps demo test build bench fixtures venv clean fuzz interop

deps:
	@scripts/install-system-deps.sh

build: deps
	$(SWIFT) build -c release --product odml

## The main job: build in release and run it.
demo: build
	$(ODML_RELEASE) info

## The test suite (what CI runs).
test: deps
	$(SWIFT) test

venv: $(VENV)/.installed
$(VENV)/.installed: Benchmarks/peers/requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install -q -r Benchmarks/peers/requirements.txt
	touch $@

## Benchmarks against the Python peers; writes Benchmarks/results/latest.json.
bench: deps venv
	$(SWIFT) build -c release --product odml-bench
	Benchmarks/run.sh $(VENV)/bin/python

## ONNX parity: onnxruntime must match odml (<= 1e-5) on 1,000 rows of each shipped model.
interop: deps venv
	$(SWIFT) build -c release --product odml
	$(VENV)/bin/python Benchmarks/peers/onnx_interop.py --odml $(ODML_RELEASE) --rows 1000 Models/cycle-lstm.odml Models/cycle-gbt.odml

## Long fuzz run of the model-file reader: 1,000,000 mutated files (override ODML_FUZZ_ITERATIONS, ODML_FUZZ_SEED).
fuzz: deps
	ODML_FUZZ_ITERATIONS=$${ODML_FUZZ_ITERATIONS:-1000000} $(SWIFT) test --filter ModelFilesTests.FuzzTests

clean:
	rm -rf .build
