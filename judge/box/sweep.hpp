// What killed judges and boxes left, removed (`judge-box --sweep`, which every judge starts
// once). A judge keeps its temporary directory (/tmp/entrapment-judge-*) under a shared lock
// (flock) while it lives, and a box its control groups (entrapment-box-*): what nobody holds
// any more was left by a judge or a box killed with SIGKILL. Each is removed once it is a few
// seconds old (a live owner holds it from a moment after it made it), the groups after every
// process in them is killed. Only the sweeper's own user's directories are touched.
#pragma once

#include <filesystem>

namespace entrapment {

// The prefix of a judge's temporary directory's name in /tmp.
inline constexpr const char* kJudgeTempPrefix = "entrapment-judge-";
// The prefix of a box's control group's name.
inline constexpr const char* kBoxGroupPrefix = "entrapment-box-";

struct SweepResult {
  int directories = 0;
  int groups = 0;
};

// Removes what nobody holds, at least `min_age_s` old.
SweepResult sweep_leftovers(double min_age_s = 2);

// The sweeper a judge starts: sweeps, waits until `lifeline` breaks (the judge is gone), then
// removes the judge's own directory `judge_dir` (its boxes remove their runs' meanwhile), for
// up to five seconds while it remains, and sweeps once more.
void sweep_when_gone(int lifeline, const std::filesystem::path& judge_dir);

}  // namespace entrapment
