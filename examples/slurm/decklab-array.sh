#!/usr/bin/env bash
# One shard of a large run per Slurm array task; merge.sh joins them.
#   jobid=$(sbatch --parsable examples/slurm/decklab-array.sh)
#   sbatch --dependency=afterok:$jobid examples/slurm/merge.sh
# Every shard plays the game indices of its own K of K/N with the seeds
# they have in the whole run, so the merged files are byte for byte those
# of one run of GAMES games (docs/reproducibility.md).
#SBATCH --job-name=decklab-shard
#SBATCH --array=0-7
#SBATCH --cpus-per-task=8
#SBATCH --time=02:00:00
#SBATCH --output=shards/slurm-%a.log
set -euo pipefail

GAMES=${GAMES:-200000}
SHARDS=${SLURM_ARRAY_TASK_COUNT:-8}
SHARD=${SLURM_ARRAY_TASK_ID:?run under sbatch --array, or set SLURM_ARRAY_TASK_ID}
THREADS=${SLURM_CPUS_PER_TASK:-1}

decklab simulate --games "$GAMES" --seed 42 --shard "$SHARD/$SHARDS" \
    --threads "$THREADS" --out "shards/shard-$SHARD"
