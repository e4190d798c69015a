# OnDeviceML — the commands a user runs. See README.md.
SWIFT ?= swift
VENV ?= .venv
PYTHON ?= python3
ODML_RELEASE = .build/release/odml

.PHONY: deps demo test build bench fixtures venv clean

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

clean:
	rm -rf .build
