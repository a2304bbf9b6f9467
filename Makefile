# Two commands: `make run` starts the app, `make test` runs every check.
# Each first installs whatever is missing (scripts/setup).

.PHONY: setup run test

setup:
	@scripts/setup

run: setup
	cargo run -p wuzi-app

test: setup
	@scripts/test

# A release build bundled as a .deb (target/release/bundle/deb/).
.PHONY: package
package: setup
	@scripts/package
