#!/usr/bin/env bash
# Joins the shards of decklab-array.sh into results/run (after all of them:
# sbatch --dependency=afterok:<array job id> examples/slurm/merge.sh).
#SBATCH --job-name=decklab-merge
#SBATCH --cpus-per-task=1
#SBATCH --time=00:10:00
set -euo pipefail

decklab merge --out results/run shards/shard-*
