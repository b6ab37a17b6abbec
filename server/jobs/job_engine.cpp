#include "jobs/job_engine.h"

#include <algorithm>

#include <spdlog/spdlog.h>

namespace pt2bb {
namespace {
constexpr size_t kFinishedJobsKept = 50;
}

const char* job_state_name(JobState s) {
  switch (s) {
    case JobState::Queued: return "queued";
    case JobState::Running: return "running";
    case JobState::Succeeded: return "succeeded";
    case JobState::Failed: return "failed";
    case JobState::Cancelled: return "cancelled";
  }
  return "unknown";
}

JobEngine::JobEngine(unsigned max_concurrent) : max_concurrent_(std::max(1u, max_concurrent)) {}

JobEngine::~JobEngine() { stop(); }

uint64_t JobEngine::submit(JobRequest request) {
  auto job = std::make_shared<Job>();
  job->request = std::move(request);
  job->info.kind = job->request.kind;
  job->info.title = job->request.title;
  job->info.queued_at = std::chrono::system_clock::now();
  bool refused = false;
  {
    std::lock_guard lock(mutex_);
    job->info.id = next_id_++;
    jobs_[job->info.id] = job;
    if (stopping_) {
      refused = true;
    } else {
      queue_.push_back(job);
      // Workers are started lazily, never more than the bound.
      if (workers_.size() < max_concurrent_) workers_.emplace_back([this] { worker(); });
    }
  }
  if (refused) finish(job, {JobState::Cancelled, "the server is stopping"});
  else cv_.notify_all();
  return job->info.id;
}

bool JobEngine::cancel(uint64_t id) {
  std::shared_ptr<Job> job;
  bool was_queued = false;
  {
    std::lock_guard lock(mutex_);
    auto it = jobs_.find(id);
    if (it == jobs_.end()) return false;
    job = it->second;
    if (job->info.state != JobState::Queued && job->info.state != JobState::Running) return false;
    job->request.cancel.cancel();
    if (auto q = std::find(queue_.begin(), queue_.end(), job); q != queue_.end()) {
      queue_.erase(q);
      was_queued = true;
    }
  }
  if (was_queued) finish(job, {JobState::Cancelled, "cancelled before it started"});
  return true;
}

void JobEngine::cancel_all() {
  std::vector<uint64_t> ids;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [id, job] : jobs_) ids.push_back(id);
  }
  for (uint64_t id : ids) cancel(id);
}

void JobEngine::stop() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ && workers_.empty()) return;
    stopping_ = true;
  }
  cancel_all();
  cv_.notify_all();
  std::vector<std::thread> workers;
  {
    std::lock_guard lock(mutex_);
    workers.swap(workers_);
  }
  for (auto& t : workers) t.join();
}

std::vector<JobInfo> JobEngine::table() const {
  std::lock_guard lock(mutex_);
  std::vector<JobInfo> out;
  for (const auto& [id, job] : jobs_) out.push_back(job->info);
  return out;
}

std::optional<JobInfo> JobEngine::info(uint64_t id) const {
  std::lock_guard lock(mutex_);
  auto it = jobs_.find(id);
  if (it == jobs_.end()) return std::nullopt;
  return it->second->info;
}

void JobEngine::set_max_concurrent(unsigned n) {
  {
    std::lock_guard lock(mutex_);
    max_concurrent_ = std::max(1u, n);
    while (!stopping_ && workers_.size() < max_concurrent_ && workers_.size() < queue_.size() + running_)
      workers_.emplace_back([this] { worker(); });
  }
  cv_.notify_all();
}

unsigned JobEngine::max_concurrent() const {
  std::lock_guard lock(mutex_);
  return max_concurrent_;
}

void JobEngine::worker() {
  for (;;) {
    std::shared_ptr<Job> job;
    unsigned parallelism = 1;
    {
      std::unique_lock lock(mutex_);
      cv_.wait(lock, [this] { return stopping_ || (!queue_.empty() && running_ < max_concurrent_); });
      if (stopping_) return;
      job = queue_.front();
      queue_.pop_front();
      ++running_;
      job->info.state = JobState::Running;
      job->info.started_at = std::chrono::system_clock::now();
      parallelism = max_concurrent_;
    }
    JobControl control(job->info.id, job->request.cancel, job->request.progress, parallelism);
    JobOutcome outcome;
    try {
      outcome = job->request.body ? job->request.body(control) : JobOutcome{JobState::Failed, "nothing to do"};
    } catch (const std::exception& e) {
      spdlog::error("job {} ({}) failed: {}", job->info.id, job->info.kind, e.what());
      outcome = {JobState::Failed, std::string("internal error: ") + e.what()};
    }
    if (job->request.cancel.cancelled() && outcome.state != JobState::Failed) outcome.state = JobState::Cancelled;
    {
      std::lock_guard lock(mutex_);
      --running_;
    }
    finish(job, std::move(outcome));
    cv_.notify_all();
  }
}

void JobEngine::finish(const std::shared_ptr<Job>& job, JobOutcome outcome) {
  JobInfo info;
  {
    std::lock_guard lock(mutex_);
    job->info.state = outcome.state;
    job->info.summary = std::move(outcome.summary);
    job->info.finished_at = std::chrono::system_clock::now();
    info = job->info;
    trim_locked();
  }
  if (job->request.done) {
    try {
      job->request.done(info);
    } catch (const std::exception& e) {
      spdlog::error("job {} completion failed: {}", info.id, e.what());
    }
  }
  // A finished job keeps only its JobInfo for the table. Its callables often hold the feature
  // that owns this engine: kept, they would keep that feature (and this engine) alive forever.
  JobRequest spent;
  {
    std::lock_guard lock(mutex_);
    spent = std::move(job->request);
  }
}

void JobEngine::trim_locked() {
  size_t finished = 0;
  for (const auto& [id, job] : jobs_)
    if (job->info.state != JobState::Queued && job->info.state != JobState::Running) ++finished;
  for (auto it = jobs_.begin(); it != jobs_.end() && finished > kFinishedJobsKept;) {
    const JobState s = it->second->info.state;
    if (s != JobState::Queued && s != JobState::Running) {
      it = jobs_.erase(it);
      --finished;
    } else {
      ++it;
    }
  }
}

}  // namespace pt2bb
