;;; eglot_test.el --- Emacs eglot against the real pt2bb server  -*- lexical-binding: t -*-
;; Run by tests/clients/eglot.sh: emacs --batch -l eglot_test.el, with pt2bb on PATH and
;; PT2BB_WS (a git-initialised copy of tests/clients/fixtures/workspace), PT2BB_EMACS_DIR
;; (editors/emacs). Loads editors/emacs/pt2bb-eglot.el as a user would and lets eglot find the
;; server through `eglot-server-programs'. Prints PASS/FAIL lines; exits 0 only if all pass.
(package-initialize)                    ; Debian's elpa-eglot lives in the system package dirs.
(require 'python)
(add-to-list 'load-path (getenv "PT2BB_EMACS_DIR"))
(require 'pt2bb-eglot)
(require 'cl-lib)

(defvar pt2bb-test-failures 0)
(defvar pt2bb-test-passes 0)
(defun pt2bb-check (name ok &optional detail)
  "The one check helper: print NAME as PASS or FAIL (with DETAIL) from OK."
  (if ok (cl-incf pt2bb-test-passes) (cl-incf pt2bb-test-failures))
  (princ (format "%s %s%s\n" (if ok "PASS" "FAIL") name (if detail (format ": %s" detail) "")))
  ok)
(defun pt2bb-wait (pred secs)
  (let ((end (+ (float-time) secs)))
    (while (and (not (funcall pred)) (< (float-time) end))
      (accept-process-output nil 0.05))
    (funcall pred)))
(defun pt2bb-finish ()
  (princ (format "%d passed, %d failed\n" pt2bb-test-passes pt2bb-test-failures))
  (kill-emacs (if (zerop pt2bb-test-failures) 0 1)))

(let* ((ws (file-name-as-directory (getenv "PT2BB_WS")))
       (file (expand-file-name "test/dynamo/test_client_repros.py" ws))
       (published 0)
       server)
  (advice-add 'eglot-handle-notification :after
              (lambda (_s method &rest _) (when (eq method 'textDocument/publishDiagnostics) (cl-incf published))))
  (find-file file)
  (python-mode)
  ;; What M-x eglot does, without its prompts: guess the contact from eglot-server-programs.
  (let ((guess (eglot--guess-contact)))
    (pt2bb-check "pt2bb-eglot.el registers the server for python-mode"
                 (equal (car (nth 3 guess)) "pt2bb") (nth 3 guess))
    (apply #'eglot guess))
  (setq server (and (pt2bb-wait #'eglot-current-server 10) (eglot-current-server)))
  (unless (pt2bb-check "eglot started pt2bb" (and server (equal (plist-get (eglot--server-info server) :name) "pt2bb")))
    (pt2bb-finish))
  (pt2bb-check "initializationOptions sent" (eq (plist-get (eglot-initialization-options server) :trusted) t))

  ;; Diagnostics in flymake.
  (pt2bb-wait (lambda () (cl-some (lambda (d) (string-match-p "unittest\\.TestCase" (flymake-diagnostic-text d)))
                                  (flymake-diagnostics)))
              15)
  (pt2bb-check "test hygiene warning in flymake"
               (cl-some (lambda (d) (string-match-p "unittest\\.TestCase" (flymake-diagnostic-text d))) (flymake-diagnostics))
               (mapconcat #'flymake-diagnostic-text (flymake-diagnostics) " | "))

  ;; Hover on `graph_break' (line 12): plain text, since eglot 1.9 takes no Markdown.
  (goto-char (point-min))
  (search-forward "_dynamo.graph_break")
  (backward-char 3)
  (let* ((h (jsonrpc-request server :textDocument/hover (eglot--TextDocumentPositionParams)))
         (contents (plist-get h :contents)))
    (pt2bb-check "hover is plain text with the note"
                 (and (equal (plist-get contents :kind) "plaintext")
                      (string-match-p "graph break" (downcase (plist-get contents :value)))
                      (not (string-match-p "`" (plist-get contents :value))))
                 (and contents (format "%s %s" (plist-get contents :kind)
                                       (car (split-string (or (plist-get contents :value) "") "\n"))))))

  ;; The quick fix on the class line, applied to the buffer; eglot then re-publishes.
  (goto-char (point-min))
  (search-forward "unittest.TestCase")
  (let* ((before published)
         (actions (eglot-code-actions (line-beginning-position) (line-end-position) "quickfix"))
         (fix (cl-find-if (lambda (a) (string-prefix-p "Derive from" (plist-get a :title))) actions)))
    (pt2bb-check "quick fix offered" fix (mapconcat (lambda (a) (plist-get a :title)) actions " | "))
    (when fix
      (eglot--apply-workspace-edit (plist-get fix :edit))
      (let ((class-line (save-excursion (goto-char (point-min)) (re-search-forward "^class ClientReproTests(.*$")
                                        (match-string 0))))
        (pt2bb-check "quick fix changed the buffer"
                     (and (not (string-match-p "unittest\\.TestCase" class-line)) (string-match-p "TestCase" class-line))
                     class-line))
      ;; eglot sends didChange from an idle timer, and batch Emacs is never idle.
      (eglot--signal-textDocument/didChange)
      (pt2bb-check "diagnostics re-published after the edit" (pt2bb-wait (lambda () (> published before)) 10))))

  (let ((proc (jsonrpc--process server)))
    (eglot-shutdown server)
    (pt2bb-check "server stopped" (pt2bb-wait (lambda () (not (process-live-p proc))) 10)))
  (pt2bb-finish))
