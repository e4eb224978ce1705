# decklab in a small image: built with the Rust toolchain of Cargo.toml's
# rust-version, run on a slim Debian (the binary carries the card pools,
# starter decks and strategies).
#   docker build -t decklab:0.1.0 .
#   docker run --rm -v "$PWD:/work" decklab:0.1.0 simulate --games 1000
FROM rust:1.88-slim-bookworm AS build
WORKDIR /src
COPY . .
RUN cargo build --release --locked

FROM debian:bookworm-slim
COPY --from=build /src/target/release/decklab /usr/local/bin/decklab
WORKDIR /work
ENTRYPOINT ["decklab"]
