;;; pt2bb-eglot.el --- The PT2 Bug Basher language server for eglot  -*- lexical-binding: t -*-

;; Registers `pt2bb lsp' with eglot (Emacs 28 + ELPA eglot 1.9, or Emacs 29+) for Python buffers.
;;
;;   (add-to-list 'load-path "~/src/pt2bb/editors/emacs")
;;   (require 'pt2bb-eglot)
;;   (add-hook 'python-mode-hook #'eglot-ensure)      ; or M-x eglot in a Python buffer
;;
;; Eglot runs one server per major mode, so this takes the place of another Python server in
;; eglot. Diagnostics arrive in flymake, hovers in eldoc (as plain text: eglot takes no
;; Markdown), quick fixes with M-x eglot-code-actions.

;;; Code:

(require 'eglot)

(defgroup pt2bb nil
  "PT2 Bug Basher: debug PyTorch 2 compiler failures."
  :group 'tools
  :prefix "pt2bb-")

(defcustom pt2bb-server-program "pt2bb"
  "The pt2bb executable (a name on `exec-path' or an absolute file name)."
  :type 'string)

(defcustom pt2bb-trusted t
  "Non-nil lets the server run processes (Python, pytest, conda, git) for its jobs.
Set it to nil for code you do not trust: the server then only reads files."
  :type 'boolean)

(defcustom pt2bb-python-path ""
  "The Python interpreter the server's jobs run (empty: the conda environment, else PATH)."
  :type 'string)

(defcustom pt2bb-conda-env ""
  "A conda environment for the server's jobs (`conda run -n ENV'), when no interpreter is set."
  :type 'string)

(defun pt2bb-eglot-contact (&optional _interactive)
  "The eglot contact of the pt2bb server, with the options above as initializationOptions."
  (list pt2bb-server-program "lsp"
        :initializationOptions
        (list :trusted (if pt2bb-trusted t :json-false)
              :pythonPath pt2bb-python-path
              :condaEnv pt2bb-conda-env)))

(add-to-list 'eglot-server-programs
             (cons (if (fboundp 'python-ts-mode) '(python-mode python-ts-mode) 'python-mode)
                   #'pt2bb-eglot-contact))

(provide 'pt2bb-eglot)
;;; pt2bb-eglot.el ends here
