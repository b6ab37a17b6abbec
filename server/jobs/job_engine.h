// JobEngine: runs the workflow's background jobs (reproduce, minimise, validate...) with a bound
// on how many run at once, and keeps the job table the editor can list.
//
//   JobEngine engine(2);
//   uint64_t id = engine.submit({.kind = "reproduce", .title = "Reproduce test_x",
//                                .body = [](JobControl& job) { ...job.run(spec)...; return JobOutcome{...}; },
//                                .done = [](const JobInfo& info) { ... }});
//   engine.cancel(id);   // the job's processes are killed, its body sees job.cancelled()
//   engine.stop();       // on server stop: cancels everything and joins the workers
//
// Bodies run on the engine's own worker threads (never on the session thread) and may block
// on processes; `done` runs on the worker thread too, after the table is updated, so a server
// posts from it to its session thread. A body that throws ends its job as Failed.
//
// Thread-safety: every public member may be called from any thread, except that stop() must
// not be called from a job body.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/cancel.h"
#include "jobs/process_runner.h"

namespace pt2bb {

enum class JobState { Queued, Running, Succeeded, Failed, Cancelled };
const char* job_state_name(JobState s);

struct JobOutcome {
  JobState state = JobState::Succeeded;  // Succeeded, Failed or Cancelled.
  std::string summary;                   // One line for the table and the progress end.
};

struct JobInfo {
  uint64_t id = 0;
  std::string kind;   // "reproduce", "minimize", ...
  std::string title;  // "Reproduce test_foo (3 runs)".
  JobState state = JobState::Queued;
  std::string summary;
  std::chrono::system_clock::time_point queued_at, started_at, finished_at;
};

// What a job body sees: its cancellation, its progress and the process runner bound to it.
class JobControl {
public:
  JobControl(uint64_t id, CancelToken cancel, std::function<void(const std::string&, std::optional<int>)> progress,
             unsigned parallelism)
      : id_(id), cancel_(std::move(cancel)), progress_(std::move(progress)), parallelism_(parallelism) {}

  uint64_t id() const { return id_; }
  bool cancelled() const { return cancel_.cancelled(); }
  const CancelToken& cancel_token() const { return cancel_; }
  void progress(const std::string& message, std::optional<int> percentage = std::nullopt) const {
    if (progress_) progress_(message, percentage);
  }
  // Runs one process under this job's cancellation.
  ProcessResult run(const ProcessSpec& spec) const { return run_process(spec, cancel_); }
  // How many processes this job may run at once (the engine's bound), for the minimiser.
  unsigned parallelism() const { return parallelism_; }

private:
  uint64_t id_;
  CancelToken cancel_;
  std::function<void(const std::string&, std::optional<int>)> progress_;
  unsigned parallelism_;
};

struct JobRequest {
  std::string kind;
  std::string title;
  std::function<JobOutcome(JobControl&)> body;
  std::function<void(const JobInfo&)> done;  // Optional.
  std::function<void(const std::string&, std::optional<int>)> progress;  // Optional.
  CancelToken cancel;  // Shared with whoever else may cancel (a progress bar, a request).
};

class JobEngine {
public:
  explicit JobEngine(unsigned max_concurrent);
  ~JobEngine();
  JobEngine(const JobEngine&) = delete;
  JobEngine& operator=(const JobEngine&) = delete;

  // Queues the job; returns its id. After stop(), the job ends Cancelled at once.
  uint64_t submit(JobRequest request);
  // Cancels a queued or running job; false when unknown or finished.
  bool cancel(uint64_t id);
  void cancel_all();
  // Cancels every job and waits for the workers. Idempotent.
  void stop();

  // Active jobs and the most recent finished ones, oldest first.
  std::vector<JobInfo> table() const;
  std::optional<JobInfo> info(uint64_t id) const;

  void set_max_concurrent(unsigned n);
  unsigned max_concurrent() const;

private:
  struct Job {
    JobInfo info;
    JobRequest request;
  };
  void worker();
  void finish(const std::shared_ptr<Job>& job, JobOutcome outcome);
  void trim_locked();

  mutable std::mutex mutex_;
  std::condition_variable cv_;
  unsigned max_concurrent_;
  unsigned running_ = 0;
  bool stopping_ = false;
  uint64_t next_id_ = 1;
  std::deque<std::shared_ptr<Job>> queue_;
  std::map<uint64_t, std::shared_ptr<Job>> jobs_;  // Active and recent, by id.
  std::vector<std::thread> workers_;
};

}  // namespace pt2bb
