# Two commands: `make run` starts the app, `make test` runs every check.
# Each first installs whatever is missing (scripts/setup).

.PHONY: setup run test

setup:
	@scripts/setup

run: setup
	cargo run -p wuzi-app

test: setup
	@scripts/test
